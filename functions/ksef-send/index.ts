import { ksefSendFunction } from './deps.ts';

Deno.serve(ksefSendFunction((name) => Deno.env.get(name)));
