import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { PageFallback, RootLayout } from './layout/root-layout';

/**
 * The public pages' modules by file, each its own chunk, as `import()` would make them. Only these:
 * every file matched costs the entry its loader and its list of chunks to preload, though no
 * route uses it (decision 0540). A public page added below is added here.
 */
const pageModules = import.meta.glob<Record<string, unknown>>([
  './pages/home-page.tsx',
  './pages/provider-landing-page.tsx',
  './pages/not-found-page.tsx',
  '../features/providers/pages/providers-page.tsx',
  '../features/providers/pages/provider-profile-page.tsx',
  '../features/trust/pages/review-policy-page.tsx',
  '../features/trust/pages/buyers-page.tsx',
  '../features/trust/pages/buyer-page.tsx',
  '../features/tenders/pages/explore-tenders-page.tsx',
  '../features/tenders/pages/tender-detail-page.tsx',
  '../features/assets/pages/asset-intel-page.tsx',
  '../features/parts/pages/search-parts-page.tsx',
]);

/**
 * A public page's route (decision 0370): its module loads lazily with the `handle` that renders it
 * on the server and keeps the document head; the route's id is the module's file as the build
 * manifest names it, so the server can send the page's script with its HTML.
 */
function publicPage(file: string, name: string): Pick<RouteObject, 'id' | 'lazy'> {
  const load = pageModules[file];
  if (!load) throw new Error(`no page module ${file}: add it to pageModules`);
  return {
    id: `src/${file.replace(/^\.\//, 'app/').replace(/^\.\.\//, '')}`,
    lazy: async () => {
      const module = await load();
      return { Component: module[name] as ComponentType, handle: module.handle };
    },
  };
}

/**
 * The route table (docs/product/platform.md#routes). Pages load lazily, so each route ships only its own
 * code. A feature adds its routes here as it is built; paths not listed show the not-found card.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    // A client-rendered page's first visit: the router waits for the page's module and shows its
    // HydrateFallback meanwhile (without one it warns and shows nothing): the layout and the
    // loading state, as while any lazy page loads. Server-rendered pages load theirs first.
    children: ([
      { index: true, ...publicPage('./pages/home-page.tsx', 'HomePage') },
      { path: 'auth', lazy: async () => ({ Component: (await import('../features/accounts/pages/login-page')).LoginPage }) },
      { path: 'auth/login', lazy: async () => ({ Component: (await import('../features/accounts/pages/login-page')).LoginPage }) },
      { path: 'login', lazy: async () => ({ Component: (await import('../features/accounts/pages/login-page')).LoginPage }) },
      { path: 'auth/register', lazy: async () => ({ Component: (await import('../features/accounts/pages/register-page')).RegisterPage }) },
      { path: 'register', lazy: async () => ({ Component: (await import('../features/accounts/pages/register-page')).RegisterPage }) },
      { path: 'reset-password', lazy: async () => ({ Component: (await import('../features/accounts/pages/reset-password-page')).ResetPasswordPage }) },
      { path: 'verify-email', lazy: async () => ({ Component: (await import('../features/accounts/pages/verify-email-page')).VerifyEmailPage }) },
      { path: 'unsubscribe', lazy: async () => ({ Component: (await import('../features/alerts/pages/unsubscribe-page')).UnsubscribePage }) },
      { path: 'dashboard', lazy: async () => ({ Component: (await import('./pages/dashboard-page')).DashboardPage }) },
      { path: 'admin', lazy: async () => ({ Component: (await import('./pages/dashboard-page')).AdminRoutePage }) },
      { path: 'providers', ...publicPage('../features/providers/pages/providers-page.tsx', 'ProvidersPage') },
      { path: 'providers/map', lazy: async () => ({ Component: (await import('../features/providers/pages/providers-map-page')).ProvidersMapPage }) },
      { path: 'providers/:id', ...publicPage('../features/providers/pages/provider-profile-page.tsx', 'ProviderProfilePage') },
      { path: 'providers/:id/quote', lazy: async () => ({ Component: (await import('./pages/quote-page')).QuotePage }) },
      { path: 'providers/:id/trust', lazy: async () => ({ Component: (await import('./pages/provider-trust-page')).GuardedProviderTrustPage }) },
      { path: 'reviews/write', lazy: async () => ({ Component: (await import('../features/trust/pages/write-review-page')).GuardedWriteReviewPage }) },
      { path: 'reviews/policy', ...publicPage('../features/trust/pages/review-policy-page.tsx', 'ReviewPolicyPage') },
      { path: 'buyers', ...publicPage('../features/trust/pages/buyers-page.tsx', 'BuyersPage') },
      { path: 'buyers/:slug', ...publicPage('../features/trust/pages/buyer-page.tsx', 'BuyerPage') },
      { path: 'providers/:id/media', lazy: async () => ({ Component: (await import('../features/providers/pages/provider-media-page')).GuardedProviderMediaPage }) },
      { path: 'provider-create', lazy: async () => ({ Component: (await import('../features/providers/pages/provider-create-page')).GuardedProviderCreatePage }) },
      { path: 'explore-tenders', ...publicPage('../features/tenders/pages/explore-tenders-page.tsx', 'ExploreTendersPage') },
      { path: 'tender/:id/respond', lazy: async () => ({ Component: (await import('../features/tenders/pages/tender-respond-page')).TenderRespondPage }) },
      { path: 'tender/:id/edit', lazy: async () => ({ Component: (await import('../features/tenders/pages/edit-tender-page')).EditTenderPage }) },
      { path: 'tender/:id/evaluate', lazy: async () => ({ Component: (await import('../features/tenders/pages/tender-evaluate-page')).TenderEvaluatePage }) },
      { path: 'tender/:id/responses', lazy: async () => ({ Component: (await import('../features/tenders/pages/tender-responses-page')).TenderResponsesPage }) },
      { path: 'tender/:id', ...publicPage('../features/tenders/pages/tender-detail-page.tsx', 'TenderDetailPage') },
      { path: 'list-a-tender', lazy: async () => ({ Component: (await import('../features/tenders/pages/list-a-tender-page')).ListATenderPage }) },
      { path: 'asset-intel', ...publicPage('../features/assets/pages/asset-intel-page.tsx', 'AssetIntelPage') },
      { path: 'asset-intel/:id', lazy: async () => ({ Component: (await import('../features/assets/pages/asset-detail-page')).AssetDetailPage }) },
      { path: 'developers', lazy: async () => ({ Component: (await import('../features/developers/pages/api-keys-page')).GuardedApiKeysPage }) },
      { path: 'developers/api', lazy: async () => ({ Component: (await import('../features/developers/pages/api-reference-page')).ApiReferencePage }) },
      { path: 'search-parts', ...publicPage('../features/parts/pages/search-parts-page.tsx', 'SearchPartsPage') },
      { path: 'parts/:id', lazy: async () => ({ Component: (await import('../features/parts/pages/part-page')).PartPage }) },
      { path: 'services/list/*', ...publicPage('./pages/provider-landing-page.tsx', 'ProviderLandingPage') },
      { path: '*', ...publicPage('./pages/not-found-page.tsx', 'NotFoundPage') },
    ] satisfies RouteObject[]).map((route) => ({ ...route, HydrateFallback: PageFallback })),
  },
];
