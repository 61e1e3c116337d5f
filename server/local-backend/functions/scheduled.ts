/**
 * The local stand-in for the hosted pg_cron jobs (docs/scheduled-jobs.md):
 * calls a server-only function (mail-dispatch, payments-reconcile) every few
 * seconds with the server key. One call at a time; a failed call is only
 * logged, and the next tick tries again.
 */
export interface ScheduledFunction {
  stop(): Promise<void>;
}

export interface ScheduledFunctionOptions {
  /** The function's name under /functions/v1. */
  name: string;
  /** The gateway's address (SUPABASE_URL). */
  url: string;
  /** A server-only key: these functions refuse everyone else. */
  secretKey: string;
  intervalMs: number;
  log: (line: string) => void;
  /** An answer not worth a log line (nothing was done). */
  isQuiet: (body: string) => boolean;
}

export function startScheduledFunction(options: ScheduledFunctionOptions): ScheduledFunction {
  let running: Promise<void> | null = null;
  const run = async () => {
    try {
      const response = await fetch(`${options.url}/functions/v1/${options.name}`, {
        method: 'POST',
        headers: { apikey: options.secretKey, 'Content-Type': 'application/json' },
        body: '{}',
        signal: AbortSignal.timeout(60_000),
      });
      const body = await response.text();
      if (!response.ok) options.log(`${options.name} answered HTTP ${response.status}: ${body}`);
      else if (!options.isQuiet(body)) options.log(`${options.name}: ${body}`);
    } catch (error) {
      options.log(`${options.name} could not be called: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const timer = setInterval(() => {
    if (running) return;
    running = run().finally(() => {
      running = null;
    });
  }, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
