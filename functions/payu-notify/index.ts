import { payuNotifyFunction } from './deps.ts';

Deno.serve(payuNotifyFunction((name) => Deno.env.get(name)));
