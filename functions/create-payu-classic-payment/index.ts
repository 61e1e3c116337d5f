import { readFunctionEnv } from '../_shared/env.ts';
import { createPayuClassicPaymentDeps } from './deps.ts';
import { createPayuClassicPaymentHandler } from './handler.ts';

Deno.serve(createPayuClassicPaymentHandler(createPayuClassicPaymentDeps(readFunctionEnv((name) => Deno.env.get(name)))));
