import type { AuthUser } from '../features/auth/auth-state.ts';

/**
 * After a logout on this device: each feature forgets what it kept of the
 * account; queued unsent orders and the cart stay. Each feature's code loads
 * only now, and this list with it (not with every page's first load). Not a
 * route: the router skips files whose names start with '-'.
 */
export async function clearAccountData({ email }: Pick<AuthUser, 'email'>): Promise<void> {
  await Promise.all([
    import('../features/account/history-cache.ts').then((m) => m.clearHistory(email)),
    import('../features/orders-sync/outbox.ts').then((m) => m.clearAccountOrders()),
    import('../features/checkout/checkout-draft.ts').then((m) => m.clearCheckoutContact()),
    // The owner's offline copy of the back office (customers' names, emails, addresses), whatever page they logged out on.
    import('../features/admin/orders/orders-cache.ts').then((m) => m.clearAdminCache()),
  ]);
}
