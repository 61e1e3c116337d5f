/**
 * The local stand-in for the hosted pg_cron job (supabase/mail-dispatch-schedule.sql):
 * calls mail-dispatch every few seconds, so mail that failed (MailDev was
 * down) or was queued outside place-order (a status change) goes out. One
 * call at a time; a failed call is only logged.
 */
export interface MailDispatchTimer {
  stop(): Promise<void>;
}

export interface MailDispatchTimerOptions {
  /** The gateway's address (SUPABASE_URL). */
  url: string;
  /** A server-only key: mail-dispatch refuses everyone else. */
  secretKey: string;
  intervalMs: number;
  log: (line: string) => void;
}

export function startMailDispatchTimer(options: MailDispatchTimerOptions): MailDispatchTimer {
  let running: Promise<void> | null = null;
  const run = async () => {
    try {
      const response = await fetch(`${options.url}/functions/v1/mail-dispatch`, {
        method: 'POST',
        headers: { apikey: options.secretKey, 'Content-Type': 'application/json' },
        body: '{}',
        signal: AbortSignal.timeout(60_000),
      });
      const body = await response.text();
      if (!response.ok) options.log(`mail-dispatch answered HTTP ${response.status}: ${body}`);
      else if (!body.includes('"claimed":0')) options.log(`mail-dispatch: ${body}`);
    } catch (error) {
      options.log(`mail-dispatch could not be called: ${error instanceof Error ? error.message : String(error)}`);
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
