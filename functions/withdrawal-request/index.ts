import { withdrawalRequestFunction } from './deps.ts';

Deno.serve(withdrawalRequestFunction((name) => Deno.env.get(name)));
