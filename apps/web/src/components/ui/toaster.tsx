import * as Toast from '@radix-ui/react-toast';
import { X } from './icons';
import { UI } from '@solar/shared/constants/ui';
import { cn } from '../../lib/cn';
import { dismissToast, useToasts } from './toast-store';

const VARIANT_CLASSES = {
  default: 'border-border bg-white text-slate-900',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-950',
  warning: 'border-amber-300 bg-amber-50 text-amber-950',
  destructive: 'border-red-700 bg-destructive text-destructive-foreground',
} as const;

/** Toasts (docs/product/platform.md#toasts): one at a time, 5 s, swipe 50 px to dismiss, F8 focuses the viewport. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider duration={UI.toastDurationMs} swipeThreshold={UI.toastSwipeThresholdPx} swipeDirection="right">
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => !open && dismissToast(t.id)}
          className={cn(
            'relative flex w-full items-start gap-3 rounded-md border p-4 pr-8 shadow-lg data-[state=closed]:opacity-0 data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)]',
            VARIANT_CLASSES[t.variant ?? 'default'],
          )}
        >
          <div className="grid gap-1">
            {t.title && <Toast.Title className="text-sm font-semibold">{t.title}</Toast.Title>}
            {t.description && <Toast.Description className="text-sm opacity-90">{t.description}</Toast.Description>}
          </div>
          <Toast.Close aria-label="Close" className="absolute right-2 top-2 rounded p-1 opacity-70 hover:opacity-100">
            <X className="h-4 w-4" aria-hidden />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        hotkey={[UI.toastHotkey]}
        style={{ maxWidth: UI.toastViewportMaxWidthPx }}
        className="fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none"
      />
    </Toast.Provider>
  );
}
