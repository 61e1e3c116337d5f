import { paymentNotificationFunction } from './deps.ts';

Deno.serve(paymentNotificationFunction((name) => Deno.env.get(name)));
