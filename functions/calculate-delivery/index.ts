import { readFunctionEnv } from '../_shared/env.ts';
import { createCalculateDeliveryDeps } from './deps.ts';
import { createCalculateDeliveryHandler } from './handler.ts';

Deno.serve(createCalculateDeliveryHandler(createCalculateDeliveryDeps(readFunctionEnv((name) => Deno.env.get(name)))));
