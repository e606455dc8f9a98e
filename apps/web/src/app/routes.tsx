import type { RouteObject } from 'react-router';
import { RootLayout } from './layout/root-layout';

/**
 * The route table (docs/product/platform.md#routes). Pages load lazily, so each route ships only its own
 * code. A feature adds its routes here as it is built; paths not listed show the not-found card.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./pages/home-page')).HomePage }) },
      { path: 'auth', lazy: async () => ({ Component: (await import('../features/accounts/pages/login-page')).LoginPage }) },
      { path: 'auth/login', lazy: async () => ({ Component: (await import('../features/accounts/pages/login-page')).LoginPage }) },
      { path: 'login', lazy: async () => ({ Component: (await import('../features/accounts/pages/login-page')).LoginPage }) },
      { path: 'auth/register', lazy: async () => ({ Component: (await import('../features/accounts/pages/register-page')).RegisterPage }) },
      { path: 'register', lazy: async () => ({ Component: (await import('../features/accounts/pages/register-page')).RegisterPage }) },
      { path: 'reset-password', lazy: async () => ({ Component: (await import('../features/accounts/pages/reset-password-page')).ResetPasswordPage }) },
      { path: 'verify-email', lazy: async () => ({ Component: (await import('../features/accounts/pages/verify-email-page')).VerifyEmailPage }) },
      { path: 'dashboard', lazy: async () => ({ Component: (await import('./pages/dashboard-page')).DashboardPage }) },
      { path: 'admin', lazy: async () => ({ Component: (await import('./pages/dashboard-page')).AdminRoutePage }) },
      { path: 'providers', lazy: async () => ({ Component: (await import('../features/providers/pages/providers-page')).ProvidersPage }) },
      { path: 'providers/map', lazy: async () => ({ Component: (await import('../features/providers/pages/providers-map-page')).ProvidersMapPage }) },
      { path: 'providers/:id', lazy: async () => ({ Component: (await import('../features/providers/pages/provider-profile-page')).ProviderProfilePage }) },
      { path: 'providers/:id/quote', lazy: async () => ({ Component: (await import('./pages/quote-page')).QuotePage }) },
      { path: 'providers/:id/media', lazy: async () => ({ Component: (await import('../features/providers/pages/provider-media-page')).GuardedProviderMediaPage }) },
      { path: 'provider-create', lazy: async () => ({ Component: (await import('../features/providers/pages/provider-create-page')).GuardedProviderCreatePage }) },
      { path: 'explore-tenders', lazy: async () => ({ Component: (await import('../features/tenders/pages/explore-tenders-page')).ExploreTendersPage }) },
      { path: 'tender/:id/respond', lazy: async () => ({ Component: (await import('../features/tenders/pages/tender-respond-page')).TenderRespondPage }) },
      { path: 'tender/:id/responses', lazy: async () => ({ Component: (await import('../features/tenders/pages/tender-responses-page')).TenderResponsesPage }) },
      { path: 'tender/:id', lazy: async () => ({ Component: (await import('../features/tenders/pages/tender-detail-page')).TenderDetailPage }) },
      { path: 'list-a-tender', lazy: async () => ({ Component: (await import('../features/tenders/pages/list-a-tender-page')).ListATenderPage }) },
      { path: 'asset-intel', lazy: async () => ({ Component: (await import('../features/assets/pages/asset-intel-page')).AssetIntelPage }) },
      { path: 'asset-intel/:id', lazy: async () => ({ Component: (await import('../features/assets/pages/asset-detail-page')).AssetDetailPage }) },
      { path: 'search-parts', lazy: async () => ({ Component: (await import('../features/parts/pages/search-parts-page')).SearchPartsPage }) },
      { path: 'parts/:id', lazy: async () => ({ Component: (await import('../features/parts/pages/part-page')).PartPage }) },
      { path: 'services/list/*', lazy: async () => ({ Component: (await import('./pages/provider-landing-page')).ProviderLandingPage }) },
      { path: '*', lazy: async () => ({ Component: (await import('./pages/not-found-page')).NotFoundPage }) },
    ],
  },
];
