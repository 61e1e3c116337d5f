import { readFileSync } from 'node:fs';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../server/local-backend/process-utils.ts';

const ephemeralStart = Number.parseInt(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0] ?? '', 10);

describe('freePort', () => {
  it('hands out ports below the ephemeral range, never the same one twice', async () => {
    const ports = [];
    for (let i = 0; i < 40; i++) ports.push(await freePort());
    expect(new Set(ports).size).toBe(ports.length);
    for (const port of ports) expect(port).toBeLessThan(ephemeralStart);
  });

  it('hands out a port that can be listened on', async () => {
    const port = await freePort();
    const server = net.createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    await new Promise((resolve) => server.close(resolve));
  });
});
