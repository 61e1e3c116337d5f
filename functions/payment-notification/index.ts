import { readFunctionEnv } from '../_shared/env.ts';
import { createPaymentNotificationDeps } from './deps.ts';
import { createPaymentNotificationHandler } from './handler.ts';

Deno.serve(createPaymentNotificationHandler(createPaymentNotificationDeps(readFunctionEnv((name) => Deno.env.get(name)))));
