import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';

/** The frame of the sign-in, sign-up and reset pages. */
export function AuthCard({ title, description, children, footer }: { title: string; description?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="flex w-full flex-1 items-start justify-center bg-slate-50 px-4 py-10 sm:py-16">
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-2xl font-bold leading-tight text-slate-900">{title}</h1>
          {description && <p className="text-sm text-muted-foreground">{description}</p>}
        </CardHeader>
        <CardContent>
          {children}
          {footer && <div className="mt-6 border-t border-border pt-4 text-center text-sm text-slate-700">{footer}</div>}
        </CardContent>
      </Card>
    </div>
  );
}
