import { mailDispatchFunction } from './deps.ts';

Deno.serve(mailDispatchFunction((name) => Deno.env.get(name)));
