import { ownerPaymentsFunction } from './deps.ts';

Deno.serve(ownerPaymentsFunction((name) => Deno.env.get(name)));
