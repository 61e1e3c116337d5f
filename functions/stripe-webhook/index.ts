import { stripeWebhookFunction } from './deps.ts';

Deno.serve(stripeWebhookFunction((name) => Deno.env.get(name)));
