import { MailDev } from 'maildev';

/**
 * The local inbox: MailDev, a real SMTP server that keeps every message and
 * shows it in a web UI with a REST API (`GET <url>/api/email`). Loopback
 * only; mail never leaves the machine. The functions reach it through
 * SMTP_URL, as they would reach a hosted SMTP relay.
 */
export interface MailServer {
  /** The web inbox and the REST API base (http://127.0.0.1:<web port>). */
  readonly url: string;
  /** What the mailer is given: smtp://127.0.0.1:<smtp port>. */
  readonly smtpUrl: string;
  readonly smtpPort: number;
  readonly webPort: number;
  /** Stops both servers; idempotent. The messages stay on disk and are shown again after start(). */
  stop(): Promise<void>;
  /** Starts again on the same ports (after stop), as a restarted mail server would. */
  start(): Promise<void>;
}

export interface MailServerOptions {
  /** 0 → any free port. */
  smtpPort: number;
  /** 0 → any free port. */
  webPort: number;
  /** Where the messages are kept (and found again after a restart): the backend's data folder. Absent → MailDev's own temporary folder, not reloaded. */
  directory?: string;
}

/** The newest messages kept on disk; older ones are dropped at start, so a long-used inbox stays quick to load. */
const MAX_KEPT = 500;

const HOST = '127.0.0.1';

function create(smtp: number, web: number, mailDirectory: string | undefined): MailDev {
  return new MailDev({
    smtp,
    web,
    ip: HOST,
    webIp: HOST,
    silent: true,
    disableWeb: false,
    ...(mailDirectory ? { mailDirectory, maxEmails: MAX_KEPT } : {}),
  });
}

export async function startMailServer(options: MailServerOptions): Promise<MailServer> {
  let maildev: MailDev | null = create(options.smtpPort, options.webPort, options.directory);
  const servers = await maildev.start();
  // With port 0 the OS chose; later restarts keep these ports so SMTP_URL stays valid.
  const smtpPort = servers.smtp.getPort();
  const webPort = servers.api?.getPort() ?? options.webPort;
  return {
    url: `http://${HOST}:${webPort}`,
    smtpUrl: `smtp://${HOST}:${smtpPort}`,
    smtpPort,
    webPort,
    async stop() {
      const running = maildev;
      maildev = null;
      await running?.stop();
    },
    async start() {
      if (maildev) return;
      const next = create(smtpPort, webPort, options.directory);
      await next.start();
      maildev = next;
    },
  };
}
