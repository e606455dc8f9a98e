import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False on the server and while a server-rendered page hydrates, true from the render after
 * (decision 0370). Controls that load their code lazily show only then: in the server's HTML they
 * would look ready while a click or a chosen file on them was lost until their chunk arrived.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
