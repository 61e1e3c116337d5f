import { functionFromEnv, type EnvGetter } from '../_shared/env.ts';
import type { Handler } from '../_shared/http.ts';
import { ksefApi } from '../_shared/ksef/api.ts';
import { readKsefConfig, type KsefConfig } from '../_shared/ksef/config.ts';
import { sendInvoice } from '../_shared/ksef/send-invoice.ts';
import { signingCredentials, type SigningCredentials } from '../_shared/ksef/xades.ts';
import { createAdminClient, createCallerAuthFromEnv } from '../_shared/supabase-clients.ts';
import { createKsefSendHandler, type SendToKsef } from './handler.ts';
import { createKsefSendStore } from './store.ts';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The real client with the certificate from the function's secrets; the key is read once per instance. */
function ksefSender(config: KsefConfig): SendToKsef {
  let credentials: Promise<SigningCredentials> | null = null;
  const api = ksefApi({ apiUrl: config.apiUrl, fetch: (input, init) => fetch(input, init), sleep, random: Math.random });
  return async (xml, nip) => {
    credentials ??= signingCredentials(config.certificatePem, config.privateKeyPem);
    return sendInvoice(xml, nip, { api, credentials: await credentials, sleep, now: () => Date.now() });
  };
}

/** ksef-send as it is served: `Deno.serve(ksefSendFunction((name) => Deno.env.get(name)))`. */
export function ksefSendFunction(get: EnvGetter): Handler {
  return functionFromEnv('ksef-send', get, (env) => {
    const ksef = readKsefConfig(get);
    // Until the owner sets the KSeF secrets, invoices stay 'issued' and each run says so.
    if (!ksef.ok) console.warn(`[ksef-send] KSeF is not configured: ${ksef.problems.join('; ')}`);
    return createKsefSendHandler({
      authenticate: createCallerAuthFromEnv(env),
      store: createKsefSendStore(createAdminClient(env)),
      send: ksef.ok ? ksefSender(ksef.config) : null,
      now: () => Date.now(),
    });
  });
}
