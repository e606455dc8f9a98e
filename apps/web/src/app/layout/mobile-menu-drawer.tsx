import { Link } from '../../components/ui/link';
import { Drawer } from 'vaul';
import { UI } from '@solar/shared/constants/ui';
import type { CurrentUser } from '@solar/shared/contracts/accounts';
import { Button } from '../../components/ui/button';
import { config } from '../../lib/config';
import { AuthButton, DashboardLink } from './auth-button';
import { NAV_MENUS, visibleItems } from './nav-items';

const itemClass = 'block rounded-md px-3 py-2 text-base text-slate-800 hover:bg-muted';

export interface MobileMenuDrawerProps {
  user: CurrentUser | null | undefined;
  loading: boolean;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * The bottom drawer of docs/product/platform.md#navigation (0.5 s animation, close threshold 0.25, scroll lock 100 ms).
 * Loaded on first use (see mobile-menu.tsx), so vaul is not in any page's first load.
 */
export default function MobileMenuDrawer({ user, loading, open, onOpenChange }: MobileMenuDrawerProps) {
  const close = () => onOpenChange(false);
  return (
    <Drawer.Root open={open} onOpenChange={onOpenChange} closeThreshold={UI.drawerCloseThreshold} scrollLockTimeout={UI.drawerScrollLockTimeoutMs}>
      <Drawer.Portal>
        <Drawer.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Drawer.Content
          style={{ transitionDuration: `${UI.drawerAnimationS}s` }}
          className="fixed inset-x-0 bottom-0 z-50 mt-24 flex max-h-[85vh] flex-col rounded-t-xl bg-white outline-none"
        >
          <div className="mx-auto mt-3 h-1.5 w-12 shrink-0 rounded-full bg-slate-300" aria-hidden />
          <div className="overflow-y-auto px-4 pb-6 pt-4">
            <Drawer.Title className="text-lg font-semibold">Menu</Drawer.Title>
            <Drawer.Description className="mt-1 text-sm text-muted-foreground">Navigate through our solar services platform</Drawer.Description>
            <nav aria-label="Mobile" className="mt-4 space-y-4">
              {NAV_MENUS.map((menu) => (
                <div key={menu.label}>
                  <p className="px-3 text-xs font-semibold uppercase tracking-wide text-muted-foreground">{menu.label}</p>
                  <ul className="mt-1">
                    {visibleItems(menu.items, Boolean(user)).map((item) => (
                      <li key={item.to}>
                        <Link to={item.to} onClick={close} className={itemClass}>
                          {item.label}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
              <div className="space-y-1 border-t border-border pt-4">
                {user && <DashboardLink user={user} onNavigate={close} className={itemClass} />}
                <a href={config.links.solarManager} target="_blank" rel="noopener noreferrer" className={itemClass}>
                  Back to Solar Manager
                </a>
              </div>
              <div className="flex flex-col gap-2">
                <AuthButton user={user} loading={loading} onNavigate={close} />
                <Drawer.Close asChild>
                  <Button variant="secondary">Close Menu</Button>
                </Drawer.Close>
              </div>
            </nav>
          </div>
        </Drawer.Content>
      </Drawer.Portal>
    </Drawer.Root>
  );
}
