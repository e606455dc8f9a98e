import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

afterEach(() => cleanup());

// A worker runs its files one after another in one jsdom (decision 0641): each file leaves the
// window as a fresh one would be for the next, whatever its own tests restored.
afterAll(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  document.body.replaceChildren();
  // The app's own modules are evaluated afresh for the next file (module-level state such as the
  // toast store); React and the other packages stay loaded.
  vi.resetModules();
});

// findBy* waits up to 5 s, not 1 s: lazy pages and their first queries take longer on a loaded
// two-core CI machine, and a wait that ends early only on a slow machine is a flaky test.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks these browser APIs that cmdk and Radix use.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
