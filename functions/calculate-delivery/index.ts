import { calculateDeliveryFunction } from './deps.ts';

Deno.serve(calculateDeliveryFunction((name) => Deno.env.get(name)));
