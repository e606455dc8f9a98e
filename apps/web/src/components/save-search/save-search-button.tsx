import { lazy, Suspense, useState } from 'react';
import { BellPlus } from '../ui/icons';
import { ALERT_MESSAGES as M, type SavedSearchKind } from '@solar/shared/constants/alerts';
import { useMe } from '../../lib/session/get-me';
import { Button } from '../ui/button';

/** The dialog (with its form and the address-to-criteria code) loads on the first click, not with the page. */
const SaveSearchDialog = lazy(() => import('./save-search-dialog'));

/**
 * 'Save search' on the directory, the tender board, the asset overview and the projects table
 * (decision 0471): saves the page's filters (its address) under a name, with how often to email.
 * A visitor is asked to log in, and comes back to the same search.
 */
export function SaveSearchButton({ kind, params, className }: { kind: SavedSearchKind; params: URLSearchParams; className?: string }) {
  const { data: me } = useMe();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" className={className} onClick={() => setOpen(true)}>
        <BellPlus className="h-4 w-4" aria-hidden />
        {M.saveSearch}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <SaveSearchDialog open={open} onOpenChange={setOpen} kind={kind} params={params} signedIn={!!me} />
        </Suspense>
      )}
    </>
  );
}
