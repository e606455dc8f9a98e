import { useSyncExternalStore } from 'react';

export interface ToastMessage {
  id: number;
  title?: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'warning' | 'success';
  open: boolean;
}

/** One toast at a time (docs/product/platform.md#toasts): a new toast replaces the current one. */
let current: ToastMessage[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function toast(message: Omit<ToastMessage, 'id' | 'open'>) {
  current = [{ ...message, id: nextId++, open: true }];
  emit();
}

export function dismissToast(id: number) {
  current = current.map((t) => (t.id === id ? { ...t, open: false } : t));
  emit();
}

export function useToasts(): ToastMessage[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => current,
  );
}
