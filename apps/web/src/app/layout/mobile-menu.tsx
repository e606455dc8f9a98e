import { lazy, Suspense, useState } from 'react';
import { Menu } from '../../components/ui/icons';
import type { CurrentUser } from '@solar/shared/contracts/accounts';
import { Button } from '../../components/ui/button';

const MobileMenuDrawer = lazy(() => import('./mobile-menu-drawer'));

/** Below 1280 px (decision 0500): a menu button whose drawer (vaul) is loaded the first time it is opened. */
export function MobileMenu({ user, loading }: { user: CurrentUser | null | undefined; loading: boolean }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <Menu className="h-6 w-6" aria-hidden />
      </Button>
      {used && (
        <Suspense fallback={null}>
          <MobileMenuDrawer user={user} loading={loading} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
