import type { FunctionEnv } from '../functions/_shared/env.ts';
import type { Handler } from '../functions/_shared/http.ts';
import { createPlaceOrderDeps } from '../functions/place-order/deps.ts';
import { createPlaceOrderHandler } from '../functions/place-order/handler.ts';
import { createSendContactEmailDeps, readMailConfig } from '../functions/send-contact-email/deps.ts';
import { createSendContactEmailHandler } from '../functions/send-contact-email/handler.ts';

/**
 * The Edge Functions the local gateway serves at /functions/v1/<name>; each
 * entry builds the same handler that functions/<name>/index.ts gives Deno.serve.
 */
export const FUNCTIONS: Record<string, (env: FunctionEnv) => Handler> = {
  'place-order': (env) => createPlaceOrderHandler(createPlaceOrderDeps(env)),
  'send-contact-email': (env) =>
    createSendContactEmailHandler(createSendContactEmailDeps(env, readMailConfig((name) => process.env[name]))),
};
