import { readFunctionEnv } from '../_shared/env.ts';
import { createPaymentSimulatorDeps } from './deps.ts';
import { createPaymentSimulatorHandler } from './handler.ts';

Deno.serve(createPaymentSimulatorHandler(createPaymentSimulatorDeps(readFunctionEnv((name) => Deno.env.get(name)))));
