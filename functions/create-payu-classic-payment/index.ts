import { payuClassicPaymentFunction } from './deps.ts';

Deno.serve(payuClassicPaymentFunction((name) => Deno.env.get(name)));
