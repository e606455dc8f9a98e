import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { LazyToaster } from '../../components/ui/lazy-toaster';
import { usePageViews } from '../../features/analytics/use-page-views';
import { useMe } from '../../lib/session/get-me';
import { DocumentHead } from './document-head';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Only a signed-in, unverified account sees the banner, so its code is not in a visitor's first load (decision 0540). */
const VerifyEmailBanner = lazy(async () => ({ default: (await import('../../features/accounts/components/verify-email-banner')).VerifyEmailBanner }));

export function PageFallback() {
  return (
    <div role="status" className="flex min-h-[40vh] items-center justify-center text-sm text-muted-foreground">
      Loading...
    </div>
  );
}

/** Chrome around every page; the home page has the fixed beta banner, so its header sits lower. */
export function RootLayout() {
  const { pathname } = useLocation();
  const isHome = pathname === '/';
  usePageViews();
  const { data: user } = useMe();
  return (
    <div className="flex min-h-screen flex-col">
      {isHome && (
        <div role="note" className="fixed inset-x-0 top-0 z-40 flex h-9 items-center justify-center bg-accent text-sm font-semibold text-accent-foreground">
          In Beta-testing: UK only
        </div>
      )}
      {isHome && <div className="h-9" aria-hidden />}
      <SiteHeader belowBanner={isHome} />
      {/* Every page while signed in and unverified; the verification page says it itself. */}
      {pathname !== '/verify-email' && user && !user.emailVerified && (
        <Suspense fallback={null}>
          <VerifyEmailBanner />
        </Suspense>
      )}
      {/* A column, so a page's own background can reach the footer (the auth pages, the 404 card); every page keeps the full width. */}
      <main id="main" className="flex flex-1 flex-col [&>*]:w-full">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <LazyToaster />
      <DocumentHead />
      <ScrollRestoration />
    </div>
  );
}
