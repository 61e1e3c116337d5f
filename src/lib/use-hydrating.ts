import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * True while React renders on the server or hydrates server markup (it then
 * uses the server value), false in every render in the browser after that.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}
