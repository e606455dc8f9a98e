import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from './lib/query-client';
import { hydrateFromDocument } from './lib/render/query-state';
import { resolveLazyRoutes } from './lib/render/lazy-routes';
import { routes } from './app/routes';
import './index.css';

const queryClient = createQueryClient();
const container = document.getElementById('root')!;

const app = () => (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={createBrowserRouter(routes)} />
    </QueryClientProvider>
  </StrictMode>
);

// A server-rendered page comes with the query cache it was rendered from and loads its page's
// module beside this one (decision 0370): the browser takes the cache over and hydrates the HTML
// as soon as the module is there, before the page's load event.
if (hydrateFromDocument(queryClient)) {
  void resolveLazyRoutes(routes, window.location).then(() => hydrateRoot(container, app()));
} else {
  createRoot(container).render(app());
}
