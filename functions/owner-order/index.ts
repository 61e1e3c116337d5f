import { ownerOrderFunction } from './deps.ts';

Deno.serve(ownerOrderFunction((name) => Deno.env.get(name)));
