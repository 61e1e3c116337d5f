import { request } from 'node:http';

/**
 * A POST from another loopback address (127.0.0.2, 127.0.0.3 …): the local
 * gateway sets X-Forwarded-For from the connection, so this is how a test
 * plays a caller somewhere else (a stranger) against the per-address limits.
 */
export function postFrom(
  localAddress: string,
  url: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const call = request(
      url,
      {
        method: 'POST',
        localAddress,
        headers: { ...headers, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: response.statusCode ?? 0, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} });
        });
      },
    );
    call.on('error', reject);
    call.end(payload);
  });
}
