import { existsSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number, intervalMs = 50): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  return check();
}

/** Stops a process left behind by an earlier run that died without cleaning up. */
export async function stopOrphan(pidFile: string, signal: NodeJS.Signals, label: string): Promise<void> {
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
    console.log(`Stopping ${label} left over from an earlier run (pid ${pid})…`);
    process.kill(pid, signal);
    if (!(await waitUntil(() => !isAlive(pid), 10_000))) process.kill(pid, 'SIGKILL');
    await waitUntil(() => !isAlive(pid), 5_000);
  }
  rmSync(pidFile, { force: true });
}

export class PortInUseError extends Error {
  constructor(
    readonly port: number,
    readonly variable: string,
  ) {
    super(`Port ${port} is already in use. Stop whatever is using it, or choose another port with ${variable}=<port>.`);
  }
}

export function assertPortFree(port: number, variable: string, host = '127.0.0.1'): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' || error.code === 'EACCES' ? new PortInUseError(port, variable) : error),
    );
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

/**
 * A port that is free now and that nobody else is handed meanwhile. A port
 * from `listen(0)` is an ephemeral one: between the probe and the real
 * listen (seconds, while Postgres starts and migrates), any outgoing
 * connection on the machine may take it as its local port. Ports below the
 * kernel's ephemeral range are never handed out that way.
 */
const handedOut = new Set<number>();
const PORT_FLOOR = 10_000;

export async function freePort(host = '127.0.0.1'): Promise<number> {
  const ceiling = ephemeralRangeStart() - 1;
  for (let attempt = 0; attempt < 100 && ceiling > PORT_FLOOR; attempt++) {
    const port = PORT_FLOOR + Math.floor(Math.random() * (ceiling - PORT_FLOOR));
    if (handedOut.has(port)) continue;
    if (await canListen(port, host)) {
      handedOut.add(port);
      return port;
    }
  }
  return ephemeralPort(host);
}

function ephemeralRangeStart(): number {
  try {
    const start = Number.parseInt(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0] ?? '', 10);
    if (Number.isInteger(start) && start > 0) return start;
  } catch {
    // Not Linux: macOS and Windows start their ephemeral range at 49152.
  }
  return 49_152;
}

function canListen(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

function ephemeralPort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
