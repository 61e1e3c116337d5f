import { functionFromEnv, type EnvGetter } from '../_shared/env.ts';
import type { Handler } from '../_shared/http.ts';
import { createPushSender, readVapidKeys } from '../_shared/push-sender.ts';
import { createAdminClient, createCallerAuthFromEnv } from '../_shared/supabase-clients.ts';
import { createPushDispatchHandler } from './handler.ts';

/** push-dispatch as it is served: `Deno.serve(pushDispatchFunction((name) => Deno.env.get(name)))`. */
export function pushDispatchFunction(get: EnvGetter): Handler {
  return functionFromEnv('push-dispatch', get, (env) =>
    createPushDispatchHandler({
      authenticate: createCallerAuthFromEnv(env),
      sender: createPushSender(createAdminClient(env), readVapidKeys(get)),
    }),
  );
}
