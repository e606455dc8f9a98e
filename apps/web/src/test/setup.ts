import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

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
