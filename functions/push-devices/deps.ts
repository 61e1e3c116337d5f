import { functionFromEnv, type EnvGetter } from '../_shared/env.ts';
import type { Handler } from '../_shared/http.ts';
import { createOrderAccessStore } from '../_shared/order-access.ts';
import { createPushSender, readVapidKeys } from '../_shared/push-sender.ts';
import { createAdminClient, createCallerAuthFromEnv } from '../_shared/supabase-clients.ts';
import { createPushDevicesHandler } from './handler.ts';

/** push-devices as it is served: `Deno.serve(pushDevicesFunction((name) => Deno.env.get(name)))`. */
export function pushDevicesFunction(get: EnvGetter): Handler {
  return functionFromEnv('push-devices', get, (env) => {
    const admin = createAdminClient(env);
    return createPushDevicesHandler({
      authenticate: createCallerAuthFromEnv(env),
      isShopOwner: createOrderAccessStore(admin).isShopOwner,
      sender: createPushSender(admin, readVapidKeys(get)),
      async queueTest() {
        const devices = await admin.from('push_subscriptions').select('id');
        if (devices.error) throw new Error(`reading the push devices failed: ${devices.error.message}`);
        if (devices.data.length === 0) return 0;
        const jobs = devices.data.map((device) => ({ subscription_id: device.id, kind: 'test' as const }));
        const { error } = await admin.from('push_jobs').insert(jobs);
        if (error) throw new Error(`queueing the test pushes failed: ${error.message}`);
        return devices.data.length;
      },
    });
  });
}
