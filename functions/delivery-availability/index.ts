import { deliveryAvailabilityFunction } from './deps.ts';

Deno.serve(deliveryAvailabilityFunction((name) => Deno.env.get(name)));
