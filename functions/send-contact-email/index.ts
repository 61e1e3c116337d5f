import { sendContactEmailFunction } from './deps.ts';

Deno.serve(sendContactEmailFunction((name) => Deno.env.get(name)));
