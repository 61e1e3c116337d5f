import { ownerInvoicesFunction } from './deps.ts';

Deno.serve(ownerInvoicesFunction((name) => Deno.env.get(name)));
