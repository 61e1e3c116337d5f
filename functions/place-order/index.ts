import { readFunctionEnv } from '../_shared/env.ts';
import { createPlaceOrderDeps } from './deps.ts';
import { createPlaceOrderHandler } from './handler.ts';

Deno.serve(createPlaceOrderHandler(createPlaceOrderDeps(readFunctionEnv((name) => Deno.env.get(name)))));
