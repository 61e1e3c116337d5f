import { functionFromEnv, type EnvGetter, type FunctionEnv } from '../_shared/env.ts';
import type { Handler } from '../_shared/http.ts';
import { loadBookedCounts, loadDeliverySettings } from '../_shared/delivery-bookings.ts';
import { createAdminClient, createCallerAuthFromEnv } from '../_shared/supabase-clients.ts';
import { createDeliveryAvailabilityHandler, type DeliveryAvailabilityDeps } from './handler.ts';
import { currentInstant } from '../../src/domain/calendar/warsaw-clock.ts';

/** The real dependencies: the settings and the booked places, read with the service role. */
export function createDeliveryAvailabilityDeps(env: FunctionEnv): DeliveryAvailabilityDeps {
  const admin = createAdminClient(env);
  return {
    authenticate: createCallerAuthFromEnv(env),
    loadDeliverySettings: () => loadDeliverySettings(admin),
    loadBookedCounts: (from, to) => loadBookedCounts(admin, from, to),
    now: currentInstant,
  };
}

/** delivery-availability as it is served: `Deno.serve(deliveryAvailabilityFunction((name) => Deno.env.get(name)))`. */
export function deliveryAvailabilityFunction(get: EnvGetter): Handler {
  return functionFromEnv('delivery-availability', get, (env) => createDeliveryAvailabilityHandler(createDeliveryAvailabilityDeps(env)));
}
