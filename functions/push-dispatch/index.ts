import { pushDispatchFunction } from './deps.ts';

Deno.serve(pushDispatchFunction((name) => Deno.env.get(name)));
