import { orderPageFunction } from './deps.ts';

Deno.serve(orderPageFunction((name) => Deno.env.get(name)));
