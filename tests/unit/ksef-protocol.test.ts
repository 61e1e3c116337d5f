/**
 * The KSeF client's protocol pieces (functions/_shared/ksef/) against the
 * ministry's published examples (CIRFMF/ksef-docs: kody-qr.md,
 * faktury/numer-ksef.md, the UPO and open-api.json examples,
 * auth/context-identifier-nip.md) and against independent implementations:
 * node:crypto decrypts what WebCrypto encrypted, libxml2 (xmllint)
 * canonicalizes what the signer wrote, node:crypto parses the certificate.
 */
import { execFileSync } from 'node:child_process';
import { constants, createDecipheriv, createHash, createPrivateKey, privateDecrypt, verify, X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { toBase64, utf8 } from '../../functions/_shared/ksef/bytes.ts';
import { readKsefConfig } from '../../functions/_shared/ksef/config.ts';
import { readCertificate } from '../../functions/_shared/ksef/der.ts';
import { encryptInvoice, newSessionEncryption, pickSymmetricKeyCertificate } from '../../functions/_shared/ksef/encryption.ts';
import { KSEF_ENDPOINTS } from '../../functions/_shared/ksef/environments.ts';
import { isValidKsefNumber, ksefNumber } from '../../functions/_shared/ksef/ksef-number.ts';
import { invoiceVerificationUrl } from '../../functions/_shared/ksef/qr-link.ts';
import { isRetryableStatus, nextSendDelayMs, retryAfterMs, retryDelayMs } from '../../functions/_shared/ksef/retry.ts';
import { authTokenRequest, signEnveloped, signingCredentials } from '../../functions/_shared/ksef/xades.ts';
import { selfSignedCertificate } from '../../server/local-backend/ksef/certificate.ts';
import { verifyXadesAuthRequest } from '../../server/local-backend/ksef/xades-verify.ts';

const exc = (xml: string) => execFileSync('xmllint', ['--exc-c14n', '-'], { input: xml }).toString('utf8');
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('base64');

describe('KOD I verification link (kody-qr.md)', () => {
  it("builds the documentation's example link", () => {
    expect(
      invoiceVerificationUrl(KSEF_ENDPOINTS.test.qrUrl, '1111111111', '2026-02-01', 'UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE'),
    ).toBe('https://qr-test.ksef.mf.gov.pl/invoice/1111111111/01-02-2026/UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE');
  });

  it('takes the base64 hash the API reports and writes it base64url (the C# client test)', () => {
    const digest = createHash('sha256').update('<data>special & chars /?</data>').digest();
    const url = invoiceVerificationUrl(KSEF_ENDPOINTS.production.qrUrl, '1234567890', '2026-01-05', digest.toString('base64'));
    expect(url).toBe(`https://qr.ksef.mf.gov.pl/invoice/1234567890/05-01-2026/${digest.toString('base64url')}`);
    expect(() => invoiceVerificationUrl(KSEF_ENDPOINTS.test.qrUrl, '123', '2026-01-05', digest.toString('base64'))).toThrow();
    expect(() => invoiceVerificationUrl(KSEF_ENDPOINTS.test.qrUrl, '1234567890', '05.01.2026', digest.toString('base64'))).toThrow();
  });
});

describe('KSeF number (faktury/numer-ksef.md)', () => {
  it("accepts the documentation's examples and refuses a changed one", () => {
    for (const example of [
      '5265877635-20250826-0100001AF629-AF',
      '5265877635-20250626-010080DD2B5E-26',
      '5265877635-20250916-0200A0D6723E-C2',
    ])
      expect(isValidKsefNumber(example)).toBe(true);
    expect(isValidKsefNumber('5265877635-20250826-0100001AF629-AE')).toBe(false);
    expect(isValidKsefNumber('5265877635-20250826-0100001AF628-AF')).toBe(false);
  });

  it('gives numbers with their CRC-8', () => {
    expect(ksefNumber('5265877635', '20250826', '0100001af629')).toBe('5265877635-20250826-0100001AF629-AF');
  });
});

describe('session encryption (sesja-interaktywna.md)', () => {
  const ministry = selfSignedCertificate(
    [
      ['commonName', 'Ministerstwo Finansów'],
      ['country', 'PL'],
    ],
    30,
  );
  const published = [
    {
      certificate: ministry.der.toString('base64'),
      validFrom: '2020-01-01T00:00:00Z',
      validTo: '2099-01-01T00:00:00Z',
      usage: ['KsefTokenEncryption'],
    },
    {
      certificate: ministry.der.toString('base64'),
      validFrom: '2020-01-01T00:00:00Z',
      validTo: '2099-01-01T00:00:00Z',
      usage: ['SymmetricKeyEncryption'],
      publicKeyId: 'k',
    },
  ];

  it('wraps an AES-256 key with RSA-OAEP SHA-256 and encrypts AES-256-CBC/PKCS#7 that node:crypto decrypts', async () => {
    const chosen = pickSymmetricKeyCertificate(published, Date.now());
    expect(chosen.usage).toEqual(['SymmetricKeyEncryption']);
    const session = await newSessionEncryption(chosen);
    const key = privateDecrypt(
      { key: createPrivateKey(ministry.privateKeyPem), padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(session.info.encryptedSymmetricKey, 'base64'),
    );
    expect(key).toHaveLength(32);
    expect(Buffer.from(session.info.initializationVector, 'base64')).toHaveLength(16);
    expect(session.info.publicKeyId).toBe('k');

    const invoice = utf8('<Faktura>zażółć gęślą jaźń</Faktura>');
    const body = await encryptInvoice(invoice, session);
    const encrypted = Buffer.from(body.encryptedInvoiceContent, 'base64');
    const decipher = createDecipheriv('aes-256-cbc', key, Buffer.from(session.info.initializationVector, 'base64'));
    expect(Buffer.concat([decipher.update(encrypted), decipher.final()]).toString('utf8')).toBe('<Faktura>zażółć gęślą jaźń</Faktura>');
    expect(body.invoiceHash).toBe(sha256(Buffer.from(invoice)));
    expect(body.invoiceHash).toHaveLength(44);
    expect(body.invoiceSize).toBe(invoice.length);
    expect(body.encryptedInvoiceHash).toBe(sha256(encrypted));
    expect(body.encryptedInvoiceSize).toBe(encrypted.length);
  });

  it("pads as the API's own example does: 6480 bytes → 6496 encrypted, no IV prefix", async () => {
    const session = await newSessionEncryption(published[1]!);
    const body = await encryptInvoice(new Uint8Array(6480).fill(65), session);
    expect([body.invoiceSize, body.encryptedInvoiceSize]).toEqual([6480, 6496]);
  });

  it('refuses a list without a valid SymmetricKeyEncryption certificate', () => {
    expect(() => pickSymmetricKeyCertificate(published.slice(0, 1), Date.now())).toThrow();
    expect(() => pickSymmetricKeyCertificate(published, Date.parse('2100-01-01'))).toThrow();
  });
});

describe('XAdES-signed AuthTokenRequest (uwierzytelnianie.md, auth/podpis-xades.md)', () => {
  const owner = selfSignedCertificate(
    [
      ['givenName', 'Anna'],
      ['surname', 'Nowak'],
      ['serialNumber', 'TINPL-5265877635'],
      ['commonName', 'Anna Nowak & Co'],
      ['country', 'PL'],
    ],
    30,
  );

  it("writes the documentation's AuthTokenRequest example in canonical form", () => {
    const example = `<?xml version="1.0" encoding="utf-8"?>
<AuthTokenRequest xmlns="http://ksef.mf.gov.pl/auth/token/2.0">
  <Challenge>20250604-CR-461EA5B000-537A6BA15D-D7</Challenge>
  <ContextIdentifier>
    <Nip>5265877635</Nip>
  </ContextIdentifier>
  <SubjectIdentifierType>certificateSubject</SubjectIdentifierType>
</AuthTokenRequest>`;
    const ours = authTokenRequest('20250604-CR-461EA5B000-537A6BA15D-D7', '5265877635');
    expect(exc(ours)).toBe(ours);
    expect(exc(example).replace(/>\s+</g, '><')).toBe(ours);
  });

  it('reads issuer and serial as node:crypto does', () => {
    const info = readCertificate(new Uint8Array(owner.der));
    const node = new X509Certificate(owner.der);
    expect(info.serialNumber).toBe(BigInt(`0x${node.serialNumber}`).toString(10));
    expect(info.issuer.split(', ').reverse().join('\n')).toBe(node.issuer.replace('GN=', 'G=').replace('serialNumber=', 'SERIALNUMBER='));
    expect(info.keyType).toBe('RSA');
  });

  it('signs with the structure of the ministry client, digests libxml2 agrees with and a signature node:crypto verifies', async () => {
    const unsigned = authTokenRequest('20250625-CR-20F5EE4000-DA48AE4124-46', '5265877635');
    const signed = await signEnveloped(
      unsigned,
      await signingCredentials(owner.certificatePem, owner.privateKeyPem),
      Date.parse('2026-11-29T10:00:00Z'),
    );
    const signature = /<ds:Signature\b[\s\S]*<\/ds:Signature>/.exec(signed)?.[0] ?? '';
    const references = [...signature.matchAll(/<ds:Reference([^>]*)>([\s\S]*?)<\/ds:Reference>/g)];
    expect(references.map((r) => r[1])).toEqual([' URI=""', ' Type="http://uri.etsi.org/01903#SignedProperties" URI="#SignedProperties"']);
    expect([...references[0]![2]!.matchAll(/Transform Algorithm="([^"]+)"/g)].map((m) => m[1])).toEqual([
      'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
      'http://www.w3.org/2001/10/xml-exc-c14n#',
    ]);
    expect(signature).toContain('<ds:SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256">');
    expect(signature).toContain('<xades:SigningTime>2026-11-29T09:59:00.000Z</xades:SigningTime>');
    expect(signature).toContain(`<xades:QualifyingProperties xmlns:xades="http://uri.etsi.org/01903/v1.3.2#" Target="#Signature">`);

    // Reference 1: the document without its signature, exclusive C14N by libxml2.
    const digests = [...signature.matchAll(/<ds:Reference[\s\S]*?<ds:DigestValue>([^<]+)</g)].map((m) => m[1]);
    expect(digests[0]).toBe(sha256(exc(signed.replace(signature, ''))));
    // Reference 2: SignedProperties, as a node-set inside the document (ancestors' namespaces in scope).
    const properties = /<xades:SignedProperties[\s\S]*<\/xades:SignedProperties>/.exec(signed)?.[0] ?? '';
    const inScope = properties.replace(
      '<xades:SignedProperties',
      '<xades:SignedProperties xmlns="http://ksef.mf.gov.pl/auth/token/2.0" xmlns:ds="http://www.w3.org/2000/09/xmldsig#"',
    );
    expect(digests[1]).toBe(sha256(exc(inScope)));
    // The certificate's digest and serial, from node:crypto's reading.
    const node = new X509Certificate(owner.der);
    expect(properties).toContain(`<ds:DigestValue xmlns:ds="http://www.w3.org/2000/09/xmldsig#">${sha256(node.raw)}</ds:DigestValue>`);
    expect(properties).toContain(`>${BigInt(`0x${node.serialNumber}`).toString(10)}</ds:X509SerialNumber>`);
    // SignedInfo: exclusive C14N by libxml2, RSA-SHA256 verified by node:crypto.
    const signedInfo = /<ds:SignedInfo[\s\S]*<\/ds:SignedInfo>/.exec(signed)?.[0] ?? '';
    const canonicalInfo = exc(signedInfo.replace('<ds:SignedInfo', '<ds:SignedInfo xmlns="http://ksef.mf.gov.pl/auth/token/2.0"'));
    const value = Buffer.from(/<ds:SignatureValue>([^<]+)</.exec(signed)?.[1] ?? '', 'base64');
    expect(verify('sha256', Buffer.from(canonicalInfo), node.publicKey, value)).toBe(true);
    expect(verify('sha256', Buffer.from(canonicalInfo.replace('#SignedProperties', '#Other')), node.publicKey, value)).toBe(false);
  });

  it('signs with an EC P-256 key (what KSeF recommends for its certificates) as ECDSA-SHA256 r||s', async () => {
    const ec = selfSignedCertificate(
      [
        ['serialNumber', 'TINPL-5265877635'],
        ['commonName', 'Anna Nowak'],
        ['country', 'PL'],
      ],
      30,
      Date.now(),
      'EC',
    );
    const node = new X509Certificate(ec.certificatePem);
    expect(node.verify(node.publicKey)).toBe(true);
    const signed = await signEnveloped(
      authTokenRequest('20250625-CR-20F5EE4000-DA48AE4124-46', '5265877635'),
      await signingCredentials(ec.certificatePem, ec.privateKeyPem),
      Date.now(),
    );
    expect(signed).toContain('<ds:SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256">');
    const signedInfo = /<ds:SignedInfo[\s\S]*<\/ds:SignedInfo>/.exec(signed)?.[0] ?? '';
    const canonicalInfo = exc(signedInfo.replace('<ds:SignedInfo', '<ds:SignedInfo xmlns="http://ksef.mf.gov.pl/auth/token/2.0"'));
    const value = Buffer.from(/<ds:SignatureValue>([^<]+)</.exec(signed)?.[1] ?? '', 'base64');
    expect(value).toHaveLength(64);
    expect(verify('sha256', Buffer.from(canonicalInfo), { key: node.publicKey, dsaEncoding: 'ieee-p1363' }, value)).toBe(true);
    expect(verifyXadesAuthRequest(signed)).toMatchObject({ ok: true, nip: '5265877635' });
  });

  it('refuses a key that is not unencrypted PKCS#8', async () => {
    await expect(
      signingCredentials(owner.certificatePem, '-----BEGIN ENCRYPTED PRIVATE KEY-----\nAA==\n-----END ENCRYPTED PRIVATE KEY-----'),
    ).rejects.toThrow(/PKCS#8/);
  });
});

describe('retries and configuration', () => {
  it('backs off exponentially with a cap, honours Retry-After, retries only network errors, 5xx and 429', () => {
    expect([1, 2, 3, 4, 10].map((attempt) => retryDelayMs(attempt))).toEqual([1000, 2000, 4000, 8000, 30000]);
    expect(retryDelayMs(1, null, 1)).toBe(1200);
    expect(retryDelayMs(1, '10')).toBe(10000);
    expect(retryAfterMs('Sun, 29 Nov 2026 10:00:30 GMT', Date.parse('2026-11-29T10:00:00Z'))).toBe(30000);
    expect([429, 500, 503, 400, 401, 404].map(isRetryableStatus)).toEqual([true, true, true, false, false, false]);
    expect([1, 2, 3, 20].map(nextSendDelayMs)).toEqual([60_000, 120_000, 240_000, 6 * 3600_000]);
  });

  it('takes the environment from the function env and needs the certificate and its key', () => {
    const pem = { KSEF_CERTIFICATE: '-----BEGIN CERTIFICATE-----x', KSEF_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----x' };
    const read = (env: Record<string, string>) => readKsefConfig((name) => env[name]);
    const production = read({ ...pem, KSEF_ENVIRONMENT: 'production' });
    expect(production.ok && production.config.apiUrl).toBe('https://api.ksef.mf.gov.pl/v2');
    const test = read(pem);
    expect(test.ok && [test.config.apiUrl, test.config.qrUrl]).toEqual([
      'https://api-test.ksef.mf.gov.pl/v2',
      'https://qr-test.ksef.mf.gov.pl',
    ]);
    expect(read({ ...pem, KSEF_ENVIRONMENT: 'prod' }).ok).toBe(false);
    const missing = read({});
    expect(missing.ok ? [] : missing.problems).toHaveLength(2);
    expect(toBase64(utf8('ą'))).toBe('xIU=');
  });
});
