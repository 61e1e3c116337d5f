import { useEffect, useState } from 'react';
import { useOnline } from '../../lib/use-online.ts';
import { clearAdminCache, loadSnapshot } from './orders/orders-cache.ts';

/** What this needs of the signed-in user; the auth feature's user fits (features do not import each other). */
export interface SignedInUser {
  id: string;
  isAdmin: boolean;
}

/**
 * Who may open the back office from this device's copy while offline, and
 * that copy's lifetime.
 *
 * The cached orders (personal data) go when the owner logs out or someone
 * else signs in. Offline, the server cannot confirm is_admin(): the signed-in
 * user whose device holds the back office's copy (only ever saved for the
 * owner) may read it. The server still checks every change when it is sent.
 *
 * Returns that user while this holds, else null (then the admin guard decides).
 */
export function useOfflineOwner<User extends SignedInUser>(user: User | null, isLoading: boolean): User | null {
  const online = useOnline();
  const userId = user?.id ?? null;
  useEffect(() => {
    if (!isLoading) clearAdminCache(userId);
  }, [isLoading, userId]);

  // Kept once set: the connection coming back does not close the back office the owner is working in.
  const [offlineOwnerId, setOfflineOwnerId] = useState<string | null>(null);
  const eligible = !online && user && !user.isAdmin && loadSnapshot(user.id) ? user.id : null;
  if (eligible && offlineOwnerId !== eligible) setOfflineOwnerId(eligible);
  return user && !user.isAdmin && offlineOwnerId === user.id ? user : null;
}
