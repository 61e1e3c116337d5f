/**
 * server/local-backend/ksef/simulator.ts called directly: the shapes
 * open-api.json documents (reference numbers, statuses polled from 'in
 * progress', the public key certificates and their ids) and its refusals
 * with KSeF's codes (a tampered or late signature, a reused challenge,
 * tokens redeemed twice, a file that does not decrypt).
 */
import { createHash, X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { KsefApiError, ksefApi } from '../../functions/_shared/ksef/api.ts';
import { buffer, utf8 } from '../../functions/_shared/ksef/bytes.ts';
import { encryptInvoice, newSessionEncryption, pickSymmetricKeyCertificate } from '../../functions/_shared/ksef/encryption.ts';
import { authTokenRequest, signEnveloped, signingCredentials } from '../../functions/_shared/ksef/xades.ts';
import { randomNip, selfSignedCertificate } from '../../server/local-backend/ksef/certificate.ts';
import { createKsefSimulator } from '../../server/local-backend/ksef/simulator.ts';

const REFERENCE = /^\d{8}-[A-Z]{2}-[0-9A-F]{10}-[0-9A-F]{10}-[0-9A-F]{2}$/;

function world() {
  let now = Date.parse('2026-11-29T10:00:00Z');
  const handle = createKsefSimulator({ now: () => now });
  const api = ksefApi({
    apiUrl: 'http://localhost/functions/v1/ksef-simulator/v2',
    fetch: (input, init) => handle(new Request(input, init)),
    sleep: async () => undefined,
    random: () => 0,
    attempts: 1,
  });
  const nip = randomNip();
  const owner = selfSignedCertificate(
    [
      ['serialNumber', `TINPL-${nip}`],
      ['commonName', 'Anna Nowak'],
      ['country', 'PL'],
    ],
    30,
    now,
  );
  return { api, nip, owner, advance: (ms: number) => (now += ms), now: () => now };
}

async function signed(w: ReturnType<typeof world>, challenge: string): Promise<string> {
  return signEnveloped(
    authTokenRequest(challenge, w.nip),
    await signingCredentials(w.owner.certificatePem, w.owner.privateKeyPem),
    w.now(),
  );
}

async function refusal(promise: Promise<unknown>): Promise<KsefApiError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof KsefApiError)) throw new Error(`expected a KSeF refusal, got ${String(error)}`);
  return error;
}

async function accessToken(w: ReturnType<typeof world>): Promise<string> {
  const started = await w.api.submitXades(await signed(w, (await w.api.challenge()).challenge));
  await w.api.authStatus(started.referenceNumber, started.authenticationToken.token);
  return (await w.api.redeem(started.authenticationToken.token)).accessToken.token;
}

describe('KSeF stand-in: authentication', () => {
  it('answers a challenge, then reports the XAdES authentication in progress before success, and redeems tokens once', async () => {
    const w = world();
    const challenge = await w.api.challenge();
    expect(challenge.challenge).toMatch(REFERENCE);
    expect(challenge.timestampMs).toBe(w.now());
    const started = await w.api.submitXades(await signed(w, challenge.challenge));
    expect(started.referenceNumber).toMatch(REFERENCE);
    const token = started.authenticationToken.token;
    expect((await w.api.authStatus(started.referenceNumber, token)).status.code).toBe(100);
    expect((await w.api.authStatus(started.referenceNumber, token)).status).toEqual({
      code: 200,
      description: 'Uwierzytelnianie zakończone sukcesem',
    });
    expect((await w.api.redeem(token)).accessToken.token).toBeTruthy();
    expect((await refusal(w.api.redeem(token))).status).toBe(400);
  });

  it('refuses a tampered document, a late challenge and a reused one', async () => {
    const w = world();
    const tampered = (await signed(w, (await w.api.challenge()).challenge)).replace(`<Nip>${w.nip}</Nip>`, '<Nip>5265877635</Nip>');
    const bad = await refusal(w.api.submitXades(tampered));
    expect([bad.status, bad.code, bad.details[0]]).toEqual([400, 21001, 'Skrót referencji "" się nie zgadza.']);

    const late = (await w.api.challenge()).challenge;
    w.advance(11 * 60_000);
    expect((await refusal(w.api.submitXades(await signed(w, late)))).code).toBe(21003);

    const once = (await w.api.challenge()).challenge;
    await w.api.submitXades(await signed(w, once));
    expect((await refusal(w.api.submitXades(await signed(w, once)))).code).toBe(21003);
  });
});

describe('KSeF stand-in: sessions', () => {
  it('publishes its encryption certificate with certificateId and publicKeyId as SHA-256 of the DER and of the key', async () => {
    const w = world();
    const list = await w.api.publicKeyCertificates();
    expect(list.map((entry) => entry.usage)).toEqual([['KsefTokenEncryption'], ['SymmetricKeyEncryption']]);
    const entry = list[1] as (typeof list)[number] & { certificateId: string };
    const der = Buffer.from(entry.certificate, 'base64');
    const certificate = new X509Certificate(der);
    expect(entry.certificateId).toBe(createHash('sha256').update(der).digest('base64'));
    expect(entry.publicKeyId).toBe(
      createHash('sha256')
        .update(certificate.publicKey.export({ format: 'der', type: 'spki' }))
        .digest('base64'),
    );
  });

  it('refuses calls without a token (401), answers 435/430 for a file under another key, and no sending after close', async () => {
    const w = world();
    await expect(refusal(w.api.openOnlineSession('nope', { encryptedSymmetricKey: '', initializationVector: '' }))).resolves.toMatchObject({
      status: 401,
    });
    const token = await accessToken(w);
    const encryption = await newSessionEncryption(pickSymmetricKeyCertificate(await w.api.publicKeyCertificates(), w.now()));
    const session = await w.api.openOnlineSession(token, encryption.info);
    expect(session.referenceNumber).toMatch(/^\d{8}-SO-/);

    const otherKey = await crypto.subtle.importKey('raw', buffer(new Uint8Array(32).fill(7)), { name: 'AES-CBC' }, false, ['encrypt']);
    const body = await encryptInvoice(utf8('<Faktura/>'), { key: otherKey, iv: encryption.iv });
    const sent = await w.api.sendInvoice(token, session.referenceNumber, body);
    expect((await w.api.invoiceStatus(token, session.referenceNumber, sent.referenceNumber)).status.code).toBe(150);
    const status = await w.api.invoiceStatus(token, session.referenceNumber, sent.referenceNumber);
    // A wrong key either fails the padding (435) or decrypts to bytes whose hash does not match (430).
    expect([435, 430]).toContain(status.status.code);
    expect(status.ksefNumber).toBeUndefined();
    expect((await refusal(w.api.invoiceUpo(token, session.referenceNumber, sent.referenceNumber))).code).toBe(21178);

    await w.api.closeOnlineSession(token, session.referenceNumber);
    expect((await refusal(w.api.sendInvoice(token, session.referenceNumber, body))).code).toBe(21180);
  });
});

describe('KSeF client retries against the stand-in', () => {
  it('retries a lost connection and a 429 after its Retry-After, then gets its answer; gives up as unavailable after the attempts', async () => {
    const handle = createKsefSimulator();
    const waits: number[] = [];
    const failures: ('network' | 429)[] = ['network', 429];
    const api = ksefApi({
      apiUrl: 'http://localhost/functions/v1/ksef-simulator/v2',
      fetch: async (input, init) => {
        const failure = failures.shift();
        if (failure === 'network') throw new TypeError('fetch failed');
        if (failure === 429) return new Response('{}', { status: 429, headers: { 'Retry-After': '7' } });
        return handle(new Request(input, init));
      },
      sleep: async (ms) => void waits.push(ms),
      random: () => 0,
    });
    expect((await api.challenge()).challenge).toMatch(REFERENCE);
    expect(waits).toEqual([1000, 7000]);

    const down = ksefApi({
      apiUrl: 'http://localhost/v2',
      fetch: async () => new Response('', { status: 503 }),
      sleep: async () => undefined,
      random: () => 0,
      attempts: 3,
    });
    await expect(down.challenge()).rejects.toMatchObject({ name: 'KsefUnavailableError', status: 503 });
  });
});
