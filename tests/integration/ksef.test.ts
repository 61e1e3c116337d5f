/**
 * The KSeF client (functions/_shared/ksef/) against the local KSeF stand-in
 * (server/local-backend/ksef/) through the local gateway, as a sending
 * function will use it: accepted with a KSeF number and UPO, rejected with
 * KSeF's code and reason, resent after the fix, a duplicate refused, and an
 * outage that fails the send for later and then succeeds.
 */
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ksefApi } from '../../functions/_shared/ksef/api.ts';
import { KSEF_ENDPOINTS, LOCAL_KSEF_SIMULATOR_PATH } from '../../functions/_shared/ksef/environments.ts';
import { isValidKsefNumber } from '../../functions/_shared/ksef/ksef-number.ts';
import { invoiceVerificationUrl } from '../../functions/_shared/ksef/qr-link.ts';
import { sendInvoice, type KsefSendResult, type SendDependencies } from '../../functions/_shared/ksef/send-invoice.ts';
import { signingCredentials } from '../../functions/_shared/ksef/xades.ts';
import { randomNip, selfSignedCertificate } from '../../server/local-backend/ksef/certificate.ts';
import { testBackend } from '../support/test-backend.ts';

const base = () => `${testBackend().url}${LOCAL_KSEF_SIMULATOR_PATH}`;

async function deps(certificatePem: string, privateKeyPem: string): Promise<SendDependencies> {
  return {
    api: ksefApi({
      apiUrl: `${base()}/v2`,
      fetch: (input, init) => fetch(input, init),
      sleep: async () => undefined,
      random: () => 0,
      attempts: 2,
    }),
    credentials: await signingCredentials(certificatePem, privateKeyPem),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 20))),
    now: () => Date.now(),
  };
}

function personalCertificate(nip: string) {
  return selfSignedCertificate(
    [
      ['givenName', 'Anna'],
      ['surname', 'Nowak'],
      ['serialNumber', `TINPL-${nip}`],
      ['commonName', 'Anna Nowak'],
      ['country', 'PL'],
    ],
    30,
  );
}

/** A small FA(3)-rooted document: the stand-in runs without the XSD here, so it checks what it reads (root, seller, P_1, P_2). */
function invoice(sellerNip: string, number: string, body = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Faktura xmlns="http://crd.gov.pl/wzor/2025/06/25/13775/">
  <Podmiot1><DaneIdentyfikacyjne><NIP>${sellerNip}</NIP><Nazwa>Kwiaciarnia</Nazwa></DaneIdentyfikacyjne></Podmiot1>
  <Fa><KodWaluty>PLN</KodWaluty><P_1>2026-11-29</P_1><P_2>${number}</P_2>${body}</Fa>
</Faktura>`;
}

function accepted(result: KsefSendResult) {
  if (result.outcome !== 'accepted') throw new Error(`expected accepted, got ${JSON.stringify(result)}`);
  return result;
}

async function outage(down: boolean): Promise<void> {
  const answer = await fetch(`${base()}/__test/outage`, { method: 'POST', body: JSON.stringify({ down }) });
  expect(await answer.json()).toEqual({ down });
}

describe('KSeF client against the local stand-in', () => {
  const nip = randomNip();
  const owner = personalCertificate(nip);

  it('sends an invoice: accepted with a valid KSeF number, and the UPO names it', async () => {
    const xml = invoice(nip, `FV/2026/11/${nip}-1`);
    const result = accepted(await sendInvoice(xml, nip, await deps(owner.certificatePem, owner.privateKeyPem)));
    expect(isValidKsefNumber(result.ksefNumber)).toBe(true);
    expect(result.ksefNumber.startsWith(`${nip}-`)).toBe(true);
    expect(result.upo).toContain(`<NumerKSeFDokumentu>${result.ksefNumber}</NumerKSeFDokumentu>`);
    expect(result.upo).toContain(`<SkrotDokumentu>${result.invoiceHash}</SkrotDokumentu>`);
    expect(result.upo).toContain(`<NumerFaktury>FV/2026/11/${nip}-1</NumerFaktury>`);
    const link = invoiceVerificationUrl(KSEF_ENDPOINTS.test.qrUrl, nip, '2026-11-29', result.invoiceHash);
    expect(link).toMatch(new RegExp(`^https://qr-test\\.ksef\\.mf\\.gov\\.pl/invoice/${nip}/29-11-2026/[A-Za-z0-9_-]{43}$`));
  });

  it('rejects a malformed invoice with KSeF code 430 and its reason, then accepts it resent after the fix', async () => {
    const number = `FV/2026/11/${nip}-2`;
    const broken = invoice(nip, number, '<P_15>123.00</P_16>');
    const rejected = await sendInvoice(broken, nip, await deps(owner.certificatePem, owner.privateKeyPem));
    expect(rejected).toMatchObject({ outcome: 'rejected', stage: 'invoice', code: 430, description: 'Błąd weryfikacji pliku faktury' });
    expect(rejected.outcome === 'rejected' && rejected.details.join(' ')).toMatch(/P_15|mismatch/i);

    const fixed = accepted(
      await sendInvoice(invoice(nip, number, '<P_15>123.00</P_15>'), nip, await deps(owner.certificatePem, owner.privateKeyPem)),
    );
    expect(isValidKsefNumber(fixed.ksefNumber)).toBe(true);
  });

  it('refuses the same invoice number again as a duplicate (440) naming the original KSeF number', async () => {
    const xml = invoice(nip, `FV/2026/11/${nip}-3`);
    const first = accepted(await sendInvoice(xml, nip, await deps(owner.certificatePem, owner.privateKeyPem)));
    const again = await sendInvoice(xml, nip, await deps(owner.certificatePem, owner.privateKeyPem));
    expect(again).toMatchObject({ outcome: 'rejected', code: 440, description: 'Duplikat faktury' });
    expect(again.outcome === 'rejected' && again.details[0]).toContain(first.ksefNumber);
  });

  it("refuses an invoice whose seller is not the session's context (410)", async () => {
    const other = randomNip();
    const result = await sendInvoice(invoice(other, 'FV/1'), nip, await deps(owner.certificatePem, owner.privateKeyPem));
    expect(result).toMatchObject({ outcome: 'rejected', stage: 'invoice', code: 410 });
  });

  it('refuses authentication with a certificate naming another NIP (415)', async () => {
    const stranger = personalCertificate(randomNip());
    const result = await sendInvoice(invoice(nip, 'FV/x'), nip, await deps(stranger.certificatePem, stranger.privateKeyPem));
    expect(result).toMatchObject({ outcome: 'rejected', stage: 'auth', code: 415 });
  });

  it('answers an outage with "try later" and sends once KSeF is back', async () => {
    const xml = invoice(nip, `FV/2026/11/${nip}-4`);
    await outage(true);
    try {
      const during = await sendInvoice(xml, nip, await deps(owner.certificatePem, owner.privateKeyPem));
      expect(during).toMatchObject({ outcome: 'unavailable' });
      expect(during.outcome === 'unavailable' && during.reason).toContain('503');
    } finally {
      await outage(false);
    }
    accepted(await sendInvoice(xml, nip, await deps(owner.certificatePem, owner.privateKeyPem)));
  });

  it("gives the functions this install's KSeF certificate, naming the NIP kept with it", async () => {
    const secrets = JSON.parse(readFileSync(join(testBackend().dataDir, 'secrets.json'), 'utf8')) as {
      ksef: { nip: string; certificatePem: string; privateKeyPem: string };
    };
    const certificate = new X509Certificate(secrets.ksef.certificatePem);
    expect(certificate.subject).toContain(`serialNumber=TINPL-${secrets.ksef.nip}`);
    const result = accepted(
      await sendInvoice(
        invoice(secrets.ksef.nip, `FV/L/${Date.now()}`),
        secrets.ksef.nip,
        await deps(secrets.ksef.certificatePem, secrets.ksef.privateKeyPem),
      ),
    );
    expect(result.ksefNumber.startsWith(secrets.ksef.nip)).toBe(true);
  });
});
