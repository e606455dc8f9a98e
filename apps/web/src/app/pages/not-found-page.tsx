import { AlertCircle } from 'lucide-react';
import { NOT_FOUND } from '@solar/shared/constants/ui';
import { Card, CardContent } from '../../components/ui/card';

/** Server rendering and the document head (decision 0370). */
export { handle } from './not-found-page.handle';

/** Any unknown path, and admin routes for non-admins (docs/product/platform.md#not-found). */
export function NotFoundPage() {
  return (
    <div className="flex min-h-[calc(100vh-10rem)] w-full items-center justify-center bg-slate-50 px-4 py-12">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="mb-4 flex gap-2">
            <AlertCircle className="h-8 w-8 text-red-600" aria-hidden />
            <h1 className="text-2xl font-bold text-slate-900">{NOT_FOUND.title}</h1>
          </div>
          <p className="mt-4 text-sm text-slate-700">{NOT_FOUND.hint}</p>
        </CardContent>
      </Card>
    </div>
  );
}
