import { useEffect, useSyncExternalStore } from 'react';
import { availabilitySnapshot, refreshAvailability, subscribeAvailability, type AvailabilityState } from './availability.ts';

/**
 * The availability answer for a component: asked when it mounts, again when
 * `refreshKey` changes (forced), and when the device comes back online.
 */
export function useDeliveryAvailability(refreshKey = 0): AvailabilityState {
  const state = useSyncExternalStore(subscribeAvailability, availabilitySnapshot, availabilitySnapshot);

  useEffect(() => {
    void refreshAvailability(refreshKey > 0);
  }, [refreshKey]);

  useEffect(() => {
    const online = () => void refreshAvailability(true);
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, []);

  return state;
}
