import { createPaymentFunction } from './deps.ts';

Deno.serve(createPaymentFunction((name) => Deno.env.get(name)));
