import { pushDevicesFunction } from './deps.ts';

Deno.serve(pushDevicesFunction((name) => Deno.env.get(name)));
