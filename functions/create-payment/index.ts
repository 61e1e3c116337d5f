import { readFunctionEnv } from '../_shared/env.ts';
import { createCreatePaymentDeps } from './deps.ts';
import { createCreatePaymentHandler } from './handler.ts';

Deno.serve(createCreatePaymentHandler(createCreatePaymentDeps(readFunctionEnv((name) => Deno.env.get(name)))));
