import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ksefNumber } from '../../functions/_shared/ksef/ksef-number.ts';
import type { KsefSendResult } from '../../functions/_shared/ksef/send-invoice.ts';
import { createKsefSendHandler, type ClaimedInvoice, type KsefSendStore, type SendToKsef } from '../../functions/ksef-send/handler.ts';
import { invoiceOutcome, rejectionReason, type InvoiceOutcome } from '../../functions/ksef-send/outcome.ts';
import { fakeAuthenticate, SECRET_KEY } from './caller-fixtures.ts';

const NOW = Date.parse('2026-11-29T10:00:00Z');
const XML = '<Faktura><P_2>FV/2026/11/1</P_2></Faktura>';
const HASH = createHash('sha256').update(XML).digest('base64');
const HASH_URL = createHash('sha256').update(XML).digest('base64url');
const NUMBER = ksefNumber('5252344078', '20261129', '0123456789AB');

const accepted: KsefSendResult = {
  outcome: 'accepted',
  ksefNumber: NUMBER,
  sessionReferenceNumber: '20261129-SO-1111111111-2222222222-33',
  invoiceReferenceNumber: '20261129-EE-4444444444-5555555555-66',
  invoiceHash: HASH,
  upo: '<UPO/>',
};

describe('what a send leaves on the invoice', () => {
  it('keeps the KSeF number, both references, the UPO and the hash as base64url for KOD I', () => {
    expect(invoiceOutcome(accepted, { attempts: 1, now: NOW, xmlHash: HASH })).toEqual({
      state: 'accepted',
      ksefNumber: NUMBER,
      ksefReference: '20261129-SO-1111111111-2222222222-33/20261129-EE-4444444444-5555555555-66',
      upo: '<UPO/>',
      ksefHash: HASH_URL,
    });
  });

  it("stores KSeF's refusal with its code and details for the owner", () => {
    const result: KsefSendResult = {
      outcome: 'rejected',
      stage: 'invoice',
      code: 430,
      description: 'Błąd weryfikacji pliku faktury',
      details: ['Nieprawidłowy NIP nabywcy'],
    };
    expect(invoiceOutcome(result, { attempts: 1, now: NOW, xmlHash: HASH })).toEqual({
      state: 'rejected',
      reason: 'Błąd weryfikacji pliku faktury (kod 430): Nieprawidłowy NIP nabywcy',
    });
    expect(rejectionReason(440, 'x', ['y'.repeat(3000)])).toHaveLength(2000);
  });

  it('queues an outage again after 1, 2, 4 … minutes, in Polish', () => {
    const down: KsefSendResult = { outcome: 'unavailable', reason: 'KSeF 503' };
    expect(invoiceOutcome(down, { attempts: 1, now: NOW, xmlHash: HASH })).toEqual({
      state: 'queued',
      note: 'KSeF nie odpowiada. Sklep spróbuje ponownie.',
      retryAt: new Date(NOW + 60_000).toISOString(),
    });
    expect(invoiceOutcome(down, { attempts: 3, now: NOW, xmlHash: HASH })).toMatchObject({
      retryAt: new Date(NOW + 240_000).toISOString(),
    });
  });

  it('keeps the invoice waiting when KSeF refuses the sign-in: the certificate is at fault, not the invoice', () => {
    const auth: KsefSendResult = { outcome: 'rejected', stage: 'auth', code: 460, description: 'Certyfikat wygasł', details: [] };
    expect(invoiceOutcome(auth, { attempts: 2, now: NOW, xmlHash: HASH })).toEqual({
      state: 'queued',
      note: 'KSeF odmówił logowania certyfikatem sklepu: Certyfikat wygasł (kod 460)',
      retryAt: new Date(NOW + 120_000).toISOString(),
    });
  });

  it("takes a duplicate on a retried send as the earlier try's acceptance, but not on a first send", () => {
    const duplicate: KsefSendResult = {
      outcome: 'rejected',
      stage: 'invoice',
      code: 440,
      description: 'Duplikat faktury',
      details: [`Faktura o numerze KSeF ${NUMBER} już istnieje`],
    };
    expect(invoiceOutcome(duplicate, { attempts: 2, now: NOW, xmlHash: HASH })).toEqual({
      state: 'accepted',
      ksefNumber: NUMBER,
      ksefReference: null,
      upo: null,
      ksefHash: HASH_URL,
    });
    expect(invoiceOutcome(duplicate, { attempts: 1, now: NOW, xmlHash: HASH }).state).toBe('rejected');
    const garbled = { ...duplicate, details: [`${NUMBER.slice(0, -2)}00`] };
    expect(invoiceOutcome(garbled, { attempts: 2, now: NOW, xmlHash: HASH }).state).toBe('rejected');
  });
});

describe('ksef-send', () => {
  function setup(send: SendToKsef, shopNip: string | null = '5252344078') {
    const claimed: ClaimedInvoice[] = [{ id: 'a', number: 'FV/2026/11/1', xml: XML, attempts: 1, sellerNip: '1111111111' }];
    const recorded: { id: string; outcome: InvoiceOutcome }[] = [];
    const store: KsefSendStore = {
      claim: async () => claimed.splice(0),
      shopNip: async () => shopNip,
      record: async (invoice, outcome) => {
        recorded.push({ id: invoice.id, outcome });
        return true;
      },
    };
    const handler = createKsefSendHandler({ authenticate: fakeAuthenticate(), store, send, now: () => NOW });
    const call = (headers: Record<string, string>) =>
      handler(new Request('http://localhost/ksef-send', { method: 'POST', headers, body: '{}' }));
    return { recorded, call, claimed };
  }

  it('sends as the shop (the settings NIP) and records the answer', async () => {
    const nips: string[] = [];
    const { recorded, call } = setup(async (_xml, nip) => {
      nips.push(nip);
      return accepted;
    });
    expect(await (await call({ apikey: SECRET_KEY })).json()).toEqual({
      configured: true,
      claimed: 1,
      accepted: 1,
      rejected: 0,
      queued: 0,
    });
    expect(nips).toEqual(['5252344078']);
    expect(recorded[0]).toMatchObject({ id: 'a', outcome: { state: 'accepted', ksefNumber: NUMBER } });
  });

  it("signs in for the invoice's seller when the settings have no NIP, and queues a send that threw", async () => {
    const nips: string[] = [];
    const { recorded, call } = setup(async (_xml, nip) => {
      nips.push(nip);
      throw new Error('broken key');
    }, null);
    expect(await (await call({ apikey: SECRET_KEY })).json()).toMatchObject({ claimed: 1, queued: 1 });
    expect(nips).toEqual(['1111111111']);
    expect(recorded[0]!.outcome.state).toBe('queued');
  });

  it('claims nothing while KSeF is not configured, and refuses anyone but the server', async () => {
    const { call, claimed } = setup(null);
    expect(await (await call({ apikey: SECRET_KEY })).json()).toEqual({
      configured: false,
      claimed: 0,
      accepted: 0,
      rejected: 0,
      queued: 0,
    });
    expect(claimed).toHaveLength(1);
    expect((await call({})).status).toBe(401);
  });
});
