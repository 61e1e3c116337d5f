import { paymentsReconcileFunction } from './deps.ts';

Deno.serve(paymentsReconcileFunction((name) => Deno.env.get(name)));
