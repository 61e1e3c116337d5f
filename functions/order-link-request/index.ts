import { orderLinkRequestFunction } from './deps.ts';

Deno.serve(orderLinkRequestFunction((name) => Deno.env.get(name)));
