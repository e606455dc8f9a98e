import { NOT_FOUND } from '@solar/shared/constants/ui';
import { NotFoundCard } from '../../components/not-found-card';

/** Server rendering and the document head (decision 0370). */
export { handle } from './not-found-page.handle';

/**
 * Any unknown path, and admin routes for non-admins (docs/product/platform.md#not-found): the spec's
 * card, with the ways on from it (decision 0354).
 */
export function NotFoundPage() {
  return (
    <div className="flex w-full flex-1 items-center justify-center bg-slate-50 px-4 py-12">
      <NotFoundCard
        title={NOT_FOUND.title}
        hint={NOT_FOUND.hint}
        links={[
          { to: '/', label: NOT_FOUND.homeLink },
          { to: '/providers', label: NOT_FOUND.directoryLink },
        ]}
      />
    </div>
  );
}
