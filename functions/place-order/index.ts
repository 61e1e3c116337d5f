import { placeOrderFunction } from './deps.ts';

Deno.serve(placeOrderFunction((name) => Deno.env.get(name)));
