import { revokeOrderLinksFunction } from './deps.ts';

Deno.serve(revokeOrderLinksFunction((name) => Deno.env.get(name)));
