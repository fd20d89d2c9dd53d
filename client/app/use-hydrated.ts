import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False during the server render and hydration, true afterwards. Forms that post credentials stay disabled until
 * their JavaScript handlers exist, so a click before hydration can never submit them natively.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
