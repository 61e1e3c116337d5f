import { readFunctionEnv } from '../_shared/env.ts';
import { createSendContactEmailDeps, readMailConfig } from './deps.ts';
import { createSendContactEmailHandler } from './handler.ts';

const get = (name: string) => Deno.env.get(name);

Deno.serve(createSendContactEmailHandler(createSendContactEmailDeps(readFunctionEnv(get), readMailConfig(get))));
