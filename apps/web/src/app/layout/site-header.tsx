import { lazy, Suspense } from 'react';
import { Link } from '../../components/ui/link';
import { ExternalLink } from '../../components/ui/icons';
import { useMe } from '../../lib/session/get-me';
import { config } from '../../lib/config';
import { cn } from '../../lib/cn';
import { AuthButton, DashboardLink } from './auth-button';
import { MobileMenu } from './mobile-menu';
import { NavDropdown } from './nav-dropdown';
import { NAV_MENUS, visibleItems } from './nav-items';

/**
 * The bell is for signed-in users only, so its code (and every alert string) is not in a visitor's
 * first load (decision 0540); a box of its size holds its place while it loads.
 */
const NotificationBell = lazy(async () => ({ default: (await import('../../features/alerts/components/notification-bell')).NotificationBell }));
const bellPlace = <span className="inline-block h-10 w-10" aria-hidden />;

export function SiteHeader({ belowBanner }: { belowBanner: boolean }) {
  const { data: user, isLoading } = useMe();
  return (
    <header className={cn('sticky z-30 border-b border-border bg-white/95 backdrop-blur', belowBanner ? 'top-9' : 'top-0')}>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/" className="flex shrink-0 items-center gap-2 whitespace-nowrap text-lg font-bold text-slate-900">
          <img src="/logo.svg" alt="" width={28} height={28} />
          Solar Marketplace
        </Link>
        {/* The full navigation from 1280 px: an admin's six items need about 970 px, more than a 1024 px window
            leaves beside its scrollbar (decision 0500). Below, the menu drawer, with the sign-in button beside it from 768 px. */}
        <nav aria-label="Main" className="hidden items-center gap-1 whitespace-nowrap xl:flex">
          {NAV_MENUS.map((menu) => (
            <NavDropdown key={menu.label} label={menu.label} items={visibleItems(menu.items, Boolean(user))} />
          ))}
          {user && (
            <DashboardLink user={user} className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-muted hover:text-slate-900" />
          )}
          <a
            href={config.links.solarManager}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-muted hover:text-slate-900"
          >
            Back to Solar Manager
            <ExternalLink className="h-3.5 w-3.5" aria-hidden />
          </a>
          <div className="ml-2">
            <AuthButton user={user} loading={isLoading} />
          </div>
        </nav>
        {/* The bell (decision 0473) at every width, signed-in users only; the menu below xl. */}
        <div className="flex shrink-0 items-center gap-1">
          {user && (
            <Suspense fallback={bellPlace}>
              <NotificationBell />
            </Suspense>
          )}
          <div className="flex items-center gap-2 xl:hidden">
            <div className="hidden md:block">
              <AuthButton user={user} loading={isLoading} />
            </div>
            <MobileMenu user={user} loading={isLoading} />
          </div>
        </div>
      </div>
    </header>
  );
}
