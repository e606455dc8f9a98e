import { lazy, Suspense } from 'react';
import { useToasts } from './toast-store';

const Toaster = lazy(async () => ({ default: (await import('./toaster')).Toaster }));

/**
 * Mounts the toast viewport (Radix) once the first toast is raised, so it is not part of any
 * page's first load; the store keeps the toast until the viewport has loaded.
 */
export function LazyToaster() {
  const toasts = useToasts();
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
