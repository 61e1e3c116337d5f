/**
 * src/domain/payu-rest.ts against PayU's own published material:
 * - PayU's PHP SDK, github.com/PayU-EMEA/openpayu_php (commit 7628e2d):
 *   tests/unit/OpenPayU_UtilTest.php — verifySignature('OpenPayUData', …, 'SignatureKey', algorithm)
 *   vectors (MD5, SHA256, SHA384, SHA512) and parseSignature's example header;
 *   lib/OpenPayU/Util.php — the digest is hash(algorithm, body . signatureKey), SHA/SHA-256 alias SHA256;
 *   lib/OpenPayU/OpenPayU.php verifyDocumentSignature — signature and algorithm are required.
 * - developers.payu.com/europe/docs (notifications): the header
 *   `OpenPayu-Signature: sender=checkout;signature=…;algorithm=MD5;content=DOCUMENT`, expected = md5(body + second key).
 * - developers.payu.com/europe/docs/payment-solutions/blik/integration: payMethod
 *   { type: 'BLIK_AUTHORIZATION_CODE', value: <code> } and, for BLIK on PayU's page, { type: 'PBL', value: 'blik' }.
 * - developers.payu.com/europe/docs/payment-flows/lifecycle: statuses PENDING, WAITING_FOR_CONFIRMATION, COMPLETED, CANCELED.
 */
import { describe, expect, it } from 'vitest';
import { grosz } from '../../src/domain/money.ts';
import {
  extOrderIdOf,
  ledgerStateOfPayuRefundStatus,
  ledgerStateOfPayuStatus,
  notificationSubject,
  orderNumberOfExtOrderId,
  parseOpenPayuSignature,
  payuRestOrderBody,
  productsTotal,
  readRetrieveAnswer,
  signOpenPayuNotification,
  verifyOpenPayuSignature,
  type PayuRestOrderInput,
  type PayuRestOrderOptions,
} from '../../src/domain/payu-rest.ts';

const SDK_MESSAGE = 'OpenPayUData';
const SDK_KEY = 'SignatureKey';
const SDK_VECTORS = {
  MD5: '8375034eb737d520c829fad4026a38aa',
  SHA256: '8b2fd55b48f150347df56ce18d787335f32ced1d67f214016476f7c0a8f09981',
  SHA384: '219a7029f09ae02ee406a623becca9691557cbf503fe58485cb5a08bf1a2a72f745fbc3e8fb1fa80f824b4f890ad3b35',
  SHA512:
    '4f658844a6bc4ed3c4320ecae0dc5e414c4fa2ce07563914cd5069f277ddead37be5ca6dc35099ff9d8c184bb561bb740f626fdb5162d8f7160dba8ec4ad1d5d',
} as const;
const header = (algorithm: string, signature: string) => `sender=checkout;signature=${signature};algorithm=${algorithm};content=DOCUMENT`;

describe('OpenPayu-Signature', () => {
  it.each(Object.entries(SDK_VECTORS))('verifies the PHP SDK vector for %s', async (algorithm, signature) => {
    expect(await verifyOpenPayuSignature(header(algorithm, signature), SDK_MESSAGE, SDK_KEY)).toBe(true);
  });

  it('accepts the SDK aliases SHA-256 and SHA for SHA256, and upper-case hex', async () => {
    expect(await verifyOpenPayuSignature(header('SHA-256', SDK_VECTORS.SHA256), SDK_MESSAGE, SDK_KEY)).toBe(true);
    expect(await verifyOpenPayuSignature(header('SHA', SDK_VECTORS.SHA256), SDK_MESSAGE, SDK_KEY)).toBe(true);
    expect(await verifyOpenPayuSignature(header('MD5', SDK_VECTORS.MD5.toUpperCase()), SDK_MESSAGE, SDK_KEY)).toBe(true);
  });

  it('refuses a tampered body, a wrong key, a blank key and the SDK’s incorrect signature', async () => {
    expect(await verifyOpenPayuSignature(header('MD5', SDK_VECTORS.MD5), `${SDK_MESSAGE} `, SDK_KEY)).toBe(false);
    expect(await verifyOpenPayuSignature(header('MD5', SDK_VECTORS.MD5), SDK_MESSAGE, 'OtherKey')).toBe(false);
    expect(await verifyOpenPayuSignature(header('MD5', SDK_VECTORS.MD5), SDK_MESSAGE, '')).toBe(false);
    expect(await verifyOpenPayuSignature(header('SHA256', 'incorrectSignature'), SDK_MESSAGE, SDK_KEY)).toBe(false);
    // A digest of the right algorithm, given under another algorithm's name.
    expect(await verifyOpenPayuSignature(header('SHA-512', SDK_VECTORS.SHA256), SDK_MESSAGE, SDK_KEY)).toBe(false);
  });

  it('refuses unknown and weak algorithms, missing parts, repeated parts and junk', async () => {
    const sha1 = '52bb16149d1a5ccc8ac05f8e435c30d82efd5364'; // the SDK's SHA-1 vector: right, but SHA-1 is not accepted
    expect(await verifyOpenPayuSignature(header('SHA-1', sha1), SDK_MESSAGE, SDK_KEY)).toBe(false);
    expect(parseOpenPayuSignature(header('UNKNOWN-ALG', SDK_VECTORS.MD5))).toBeNull();
    expect(parseOpenPayuSignature(`sender=checkout;algorithm=MD5;content=DOCUMENT`)).toBeNull();
    expect(parseOpenPayuSignature(`sender=checkout;signature=${SDK_VECTORS.MD5};content=DOCUMENT`)).toBeNull();
    expect(parseOpenPayuSignature(`${header('MD5', SDK_VECTORS.MD5)};signature=${'0'.repeat(32)}`)).toBeNull();
    expect(parseOpenPayuSignature('TEST')).toBeNull();
    expect(parseOpenPayuSignature('')).toBeNull();
    expect(parseOpenPayuSignature(null)).toBeNull();
    expect(await verifyOpenPayuSignature(undefined, SDK_MESSAGE, SDK_KEY)).toBe(false);
  });

  it('parses the SDK’s header example and the docs’ checkout header', () => {
    expect(
      parseOpenPayuSignature(
        'sender=MerchantPosId;algorithm=SHA-256;signature=e4c8315c9ab2e097ef1221f3fbd1e761405d961760e538fb2e0055d3d90b5e35',
      ),
    ).toEqual({
      sender: 'MerchantPosId',
      algorithm: 'SHA-256',
      signature: 'e4c8315c9ab2e097ef1221f3fbd1e761405d961760e538fb2e0055d3d90b5e35',
    });
    expect(parseOpenPayuSignature('sender=checkout;signature=c33a38d89fb60f873c039fcec3a14743;algorithm=MD5;content=DOCUMENT')).toEqual({
      sender: 'checkout',
      signature: 'c33a38d89fb60f873c039fcec3a14743',
      algorithm: 'MD5',
      content: 'DOCUMENT',
    });
  });

  it('signs as PayU does, so the simulator’s notifications verify (and only with their key)', async () => {
    const body = JSON.stringify({ order: { orderId: 'ABC', status: 'COMPLETED' } });
    const signed = await signOpenPayuNotification(body, 'second-key');
    expect(signed).toMatch(/^sender=checkout;signature=[0-9a-f]{32};algorithm=MD5;content=DOCUMENT$/);
    expect(await signOpenPayuNotification(SDK_MESSAGE, SDK_KEY)).toBe(header('MD5', SDK_VECTORS.MD5));
    expect(await signOpenPayuNotification(SDK_MESSAGE, SDK_KEY, 'SHA-256')).toBe(header('SHA-256', SDK_VECTORS.SHA256));
    expect(await verifyOpenPayuSignature(signed, body, 'second-key')).toBe(true);
    expect(await verifyOpenPayuSignature(signed, body.replace('COMPLETED', 'CANCELED'), 'second-key')).toBe(false);
    await expect(signOpenPayuNotification(body, '')).rejects.toThrow();
  });
});

const ORDER: PayuRestOrderInput = {
  orderNumber: 'KT123456789',
  total: grosz(4297),
  shippingCost: grosz(1299),
  customerName: 'Anna Maria Nowak',
  customerEmail: ' Anna.Nowak@Example.pl ',
  customerPhone: '+48 600 100 200',
  items: [
    { name: 'Róża czerwona', quantity: 2, price: grosz(999) },
    { name: 'Znicz', quantity: 1, price: grosz(1000) },
  ],
};
const OPTIONS: PayuRestOrderOptions = {
  merchantPosId: '300746',
  notifyUrl: 'https://project.supabase.co/functions/v1/payu-notify',
  continueUrl: 'https://sklep.example.pl/checkout/success?payment=payu&orderId=KT123456789',
  customerIp: '203.0.113.7',
  ts: 1_700_000_000_000,
};

function bodyOf(order = ORDER, options = OPTIONS) {
  const built = payuRestOrderBody(order, options);
  if (!built.ok) throw new Error(built.problems.join('; '));
  return built.body;
}

describe('payuRestOrderBody', () => {
  it('builds the create body from the stored order, with shipping as its own line so the lines add up', () => {
    const body = bodyOf();
    expect(body).toEqual({
      notifyUrl: OPTIONS.notifyUrl,
      continueUrl: OPTIONS.continueUrl,
      customerIp: '203.0.113.7',
      merchantPosId: '300746',
      description: 'Zamówienie KT123456789',
      currencyCode: 'PLN',
      totalAmount: '4297',
      extOrderId: 'KT123456789-1700000000000',
      validityTime: '1800',
      buyer: { email: 'anna.nowak@example.pl', phone: '+48600100200', firstName: 'Anna Maria', lastName: 'Nowak', language: 'pl' },
      products: [
        { name: 'Róża czerwona', unitPrice: '999', quantity: '2' },
        { name: 'Znicz', unitPrice: '1000', quantity: '1' },
        { name: 'Dostawa', unitPrice: '1299', quantity: '1' },
      ],
    });
    expect(productsTotal(body.products)).toBe(4297);
    expect(body.payMethods).toBeUndefined();
  });

  it('adds the rest of the total (grave services) as a line, and refuses items that cost more than the total', () => {
    const withServices = bodyOf({ ...ORDER, total: grosz(4297 + 2500) });
    expect(withServices.products.at(-1)).toEqual({ name: 'Usługi dodatkowe', unitPrice: '2500', quantity: '1' });
    expect(productsTotal(withServices.products)).toBe(6797);
    const free = bodyOf({ ...ORDER, shippingCost: grosz(0), total: grosz(2998) });
    expect(free.products.map((product) => product.name)).toEqual(['Róża czerwona', 'Znicz']);
    expect(payuRestOrderBody({ ...ORDER, total: grosz(100) }, OPTIONS)).toEqual({
      ok: false,
      problems: ['The items cost more than the order total'],
    });
  });

  it('makes each attempt’s extOrderId unique and reads the order number back from it', () => {
    expect(bodyOf(ORDER, { ...OPTIONS, ts: 1_700_000_000_001 }).extOrderId).toBe('KT123456789-1700000000001');
    expect(extOrderIdOf('KT123456789', 1_700_000_000_000.7)).toBe('KT123456789-1700000000000');
    expect(orderNumberOfExtOrderId('KT123456789-1700000000000')).toBe('KT123456789');
    expect(orderNumberOfExtOrderId('KT123456789')).toBeNull();
    expect(orderNumberOfExtOrderId('XX123456789-1700000000000')).toBeNull();
    expect(orderNumberOfExtOrderId(undefined)).toBeNull();
  });

  it('sends a 6-digit BLIK code as BLIK_AUTHORIZATION_CODE and BLIK without a code as PBL blik', () => {
    expect(bodyOf(ORDER, { ...OPTIONS, payMethod: { kind: 'blik-code', code: '777123' } }).payMethods).toEqual({
      payMethod: { type: 'BLIK_AUTHORIZATION_CODE', value: '777123' },
    });
    expect(bodyOf(ORDER, { ...OPTIONS, payMethod: { kind: 'blik-redirect' } }).payMethods).toEqual({
      payMethod: { type: 'PBL', value: 'blik' },
    });
    expect(payuRestOrderBody(ORDER, { ...OPTIONS, payMethod: { kind: 'blik-code', code: '77712' } })).toEqual({
      ok: false,
      problems: ['A BLIK code has 6 digits'],
    });
  });

  it('uses a placeholder address when the buyer’s is unknown, and refuses malformed input', () => {
    expect(bodyOf(ORDER, { ...OPTIONS, customerIp: undefined }).customerIp).toBe('127.0.0.1');
    const built = payuRestOrderBody(
      { ...ORDER, orderNumber: 'KT1', items: [{ name: ' ', quantity: 0, price: grosz(1) }] },
      { ...OPTIONS, merchantPosId: 'pos', notifyUrl: 'javascript:alert(1)', customerIp: '<script>' },
    );
    expect(built.ok).toBe(false);
    if (!built.ok) {
      expect(built.problems).toEqual(
        expect.arrayContaining([
          'Invalid order number',
          'Invalid merchantPosId',
          'Invalid notifyUrl',
          'Invalid customerIp',
          'Invalid item  ',
        ]),
      );
    }
  });
});

describe('statuses', () => {
  it('maps order statuses to the ledger’s states', () => {
    expect(['NEW', 'PENDING', 'WAITING_FOR_CONFIRMATION'].map(ledgerStateOfPayuStatus)).toEqual(['pending', 'pending', 'pending']);
    expect(ledgerStateOfPayuStatus('COMPLETED')).toBe('completed');
    expect(ledgerStateOfPayuStatus('CANCELED')).toBe('canceled');
    expect(ledgerStateOfPayuStatus('REJECTED')).toBeNull();
    expect(ledgerStateOfPayuStatus('completed')).toBeNull();
  });

  it('maps refund statuses to the ledger’s refund states', () => {
    expect(ledgerStateOfPayuRefundStatus('PENDING')).toBe('pending');
    expect(ledgerStateOfPayuRefundStatus('FINALIZED')).toBe('completed');
    expect(ledgerStateOfPayuRefundStatus('CANCELED')).toBe('failed');
    expect(ledgerStateOfPayuRefundStatus('DONE')).toBeNull();
  });
});

describe('reading PayU’s answers', () => {
  it('takes only the ids from a notification', () => {
    expect(notificationSubject({ order: { orderId: 'WZHF5FFDRJ140731GUEST000P01', status: 'COMPLETED' } })).toEqual({
      kind: 'order',
      orderId: 'WZHF5FFDRJ140731GUEST000P01',
    });
    expect(notificationSubject({ orderId: '2DVZMPMFPN140219GUEST000P01', refund: { refundId: 912128, status: 'FINALIZED' } })).toEqual({
      kind: 'refund',
      orderId: '2DVZMPMFPN140219GUEST000P01',
      refundId: '912128',
    });
    expect(notificationSubject({ order: { orderId: '../admin' } })).toBeNull();
    expect(notificationSubject([])).toBeNull();
  });

  it('reads orders[0] of a retrieve answer, amounts as integer text', () => {
    const answer = {
      orders: [{ orderId: 'ABC', extOrderId: 'KT123456789-1', currencyCode: 'PLN', totalAmount: '4297', status: 'COMPLETED' }],
      status: { statusCode: 'SUCCESS', statusDesc: 'Request processing successful' },
    };
    expect(readRetrieveAnswer(answer)).toEqual(answer.orders[0]);
    expect(readRetrieveAnswer({ ...answer, orders: [{ ...answer.orders[0], totalAmount: '42.97' }] })).toBeNull();
    expect(readRetrieveAnswer({ ...answer, status: { statusCode: 'DATA_NOT_FOUND' } })).toBeNull();
  });
});
