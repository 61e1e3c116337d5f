import { createHash, createPrivateKey, createPublicKey, randomBytes } from 'node:crypto';
import type { Handler } from '../../../functions/_shared/http.ts';
import { ksefNumber } from '../../../functions/_shared/ksef/ksef-number.ts';
import { selfSignedCertificate, sha256Base64 } from './certificate.ts';
import { checkInvoice, unwrapSessionKey, type SentInvoice, type SessionKey } from './invoice-checks.ts';
import { invoiceUpo } from './upo.ts';
import { verifyXadesAuthRequest } from './xades-verify.ts';

/**
 * A local KSeF 2.0 stand-in (never deployed) at `<base>/v2`, following
 * ksef-docs open-api.json: challenge, XAdES authentication (self-signed
 * certificates accepted, as on TEST), token redemption, the public key
 * certificates, online sessions, invoice sending and status, the UPO; with
 * KSeF's status codes for rejections. Statuses report 'in progress' once
 * before the result, so clients really poll. `POST <base>/__test/outage`
 * with {"down": true} makes every API call answer 503 until turned off.
 */

export interface KsefSimulatorOptions {
  now?: () => number;
  /** An FA(3) XSD to validate invoices with (xmllint --schema); without it only well-formedness and the root are checked. */
  schemaFile?: string;
}

interface AuthOperation {
  nip: string;
  token: string;
  polled: boolean;
  status: { code: number; description: string; details?: string[] };
  documentHash: string;
  redeemed: boolean;
}

interface InvoiceRecord {
  referenceNumber: string;
  ordinalNumber: number;
  invoicingDate: string;
  invoiceHash: string;
  polled: boolean;
  status: { code: number; description: string; details: string[]; extensions?: Record<string, string> };
  ksefNumber?: string;
  invoiceNumber?: string;
  upo?: string;
}

interface Session {
  nip: string;
  key: SessionKey;
  closed: boolean;
  invoices: Map<string, InvoiceRecord>;
}

const CHALLENGE_MS = 10 * 60_000;

function day(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10).replace(/-/g, '');
}

/** A reference number as KSeF shapes them: 20250625-SO-2C3E6C8000-B675CF5D68-07 (36 characters). */
function referenceNumber(now: number, kind: string): string {
  const hex = (n: number) => randomBytes(n).toString('hex').toUpperCase();
  return `${day(now)}-${kind}-${hex(5)}-${hex(5)}-${hex(1)}`;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The ExceptionResponse shape every 4xx of the API uses by default. */
function exception(status: number, code: number, description: string, details: string[] = []): Response {
  return json(status, {
    exception: {
      exceptionDetailList: [{ exceptionCode: code, exceptionDescription: description, details }],
      referenceNumber: null,
      serviceCode: randomBytes(8).toString('hex'),
      timestamp: new Date().toISOString(),
    },
  });
}

function unauthorized(): Response {
  return new Response(
    JSON.stringify({ title: 'Unauthorized', status: 401, detail: 'Brak lub nieprawidłowy token.', timestamp: new Date().toISOString() }),
    { status: 401, headers: { 'Content-Type': 'application/problem+json' } },
  );
}

function nipInCertificate(subject: string): string | null {
  return (
    /(?:serialNumber|2\.5\.4\.5)=(?:TINPL|NIP)\D*?(\d{10})/.exec(subject)?.[1] ??
    /(?:organizationIdentifier|2\.5\.4\.97)=VATPL\D*?(\d{10})/.exec(subject)?.[1] ??
    null
  );
}

export function createKsefSimulator(options: KsefSimulatorOptions = {}): Handler {
  const now = options.now ?? (() => Date.now());
  const encryption = selfSignedCertificate(
    [
      ['commonName', 'Ministerstwo Finansów (lokalny zastępnik KSeF)'],
      ['country', 'PL'],
    ],
    730,
  );
  const privateKey = createPrivateKey(encryption.privateKeyPem);
  const challenges = new Map<string, number>();
  const operations = new Map<string, AuthOperation>();
  const accessTokens = new Map<string, string>();
  /** Per access token: the SHA-256 of the signed AuthTokenRequest, which the UPO quotes. */
  const contextDocumentHash = new Map<string, string>();
  const sessions = new Map<string, Session>();
  const accepted = new Map<string, { ksefNumber: string; session: string }>();
  let down = false;

  const bearer = (request: Request) => /^Bearer (\S+)$/.exec(request.headers.get('Authorization') ?? '')?.[1] ?? '';
  const contextOf = (request: Request) => accessTokens.get(bearer(request));

  async function authenticate(request: Request): Promise<Response> {
    const xml = await request.text();
    const check = verifyXadesAuthRequest(xml);
    if (!check.ok) return exception(400, 21001, 'Nieczytelna treść.', [check.reason]);
    const issued = challenges.get(check.challenge);
    if (issued === undefined || now() - issued > CHALLENGE_MS) return exception(400, 21003, 'Nieprawidłowe wyzwanie autoryzacyjne.');
    challenges.delete(check.challenge);
    const reference = referenceNumber(now(), 'AU');
    const token = randomBytes(32).toString('base64url');
    const { certificate } = check;
    const valid = Date.parse(certificate.validFrom) <= now() && now() <= Date.parse(certificate.validTo);
    const trusted = certificate.verify(certificate.publicKey);
    const status = !valid
      ? {
          code: 460,
          description: 'Uwierzytelnianie zakończone niepowodzeniem z powodu błędu certyfikatu',
          details: ['Nieważny certyfikat'],
        }
      : !trusted
        ? {
            code: 460,
            description: 'Uwierzytelnianie zakończone niepowodzeniem z powodu błędu certyfikatu',
            details: ['Niezaufany łańcuch certyfikatów'],
          }
        : check.subjectType !== 'certificateSubject' || nipInCertificate(certificate.subject) !== check.nip
          ? { code: 415, description: 'Uwierzytelnianie zakończone niepowodzeniem', details: ['Brak przypisanych uprawnień'] }
          : { code: 200, description: 'Uwierzytelnianie zakończone sukcesem' };
    operations.set(reference, {
      nip: check.nip,
      token,
      polled: false,
      status,
      documentHash: createHash('sha256').update(xml).digest('base64'),
      redeemed: false,
    });
    return json(202, {
      referenceNumber: reference,
      authenticationToken: { token, validUntil: new Date(now() + 15 * 60_000).toISOString() },
    });
  }

  function operationFor(request: Request): [string, AuthOperation] | undefined {
    const token = bearer(request);
    return [...operations].find(([, operation]) => operation.token === token);
  }

  function send(request: Request, session: Session, sessionReference: string, body: SentInvoice): Response {
    const at = now();
    const reference = referenceNumber(at, 'EE');
    const verdict = checkInvoice(body, session.key, session.nip, options.schemaFile);
    const record: InvoiceRecord = {
      referenceNumber: reference,
      ordinalNumber: session.invoices.size + 1,
      invoicingDate: new Date(at).toISOString(),
      invoiceHash: body.invoiceHash,
      polled: false,
      status: { code: verdict.code, description: verdict.description, details: verdict.details },
    };
    if (verdict.code === 200 && verdict.invoiceNumber && verdict.issueDate) {
      const key = `${session.nip}/${verdict.invoiceNumber}`;
      const original = accepted.get(key);
      if (original) {
        record.status = {
          code: 440,
          description: 'Duplikat faktury',
          details: [
            `Duplikat faktury. Faktura o numerze KSeF: ${original.ksefNumber} została już prawidłowo przesłana do systemu w sesji: ${original.session}`,
          ],
          extensions: { originalSessionReferenceNumber: original.session, originalKsefNumber: original.ksefNumber },
        };
      } else {
        const number = ksefNumber(session.nip, day(at), randomBytes(6).toString('hex'));
        accepted.set(key, { ksefNumber: number, session: sessionReference });
        record.ksefNumber = number;
        record.invoiceNumber = verdict.invoiceNumber;
        const stamp = new Date(at).toISOString();
        record.upo = invoiceUpo({
          sessionReferenceNumber: sessionReference,
          nip: session.nip,
          authenticationDocumentHash: contextDocumentHash.get(bearer(request)) ?? '',
          ksefNumber: number,
          invoiceNumber: verdict.invoiceNumber,
          issueDate: verdict.issueDate,
          sentAt: stamp,
          numberedAt: stamp,
          invoiceHash: body.invoiceHash,
        });
      }
    }
    session.invoices.set(reference, record);
    return json(202, { referenceNumber: reference });
  }

  async function api(request: Request, path: string): Promise<Response> {
    const method = request.method;
    if (method === 'POST' && path === '/auth/challenge') {
      const at = now();
      const challenge = referenceNumber(at, 'CR');
      challenges.set(challenge, at);
      return json(200, { challenge, timestamp: new Date(at).toISOString(), timestampMs: at, clientIp: '127.0.0.1' });
    }
    if (method === 'POST' && path === '/auth/xades-signature') return authenticate(request);
    if (method === 'GET' && path === '/security/public-key-certificates') {
      const entry = (usage: string) => ({
        certificate: encryption.der.toString('base64'),
        certificateId: sha256Base64(encryption.der),
        publicKeyId: sha256Base64(createPublicKey(privateKey).export({ format: 'der', type: 'spki' })),
        validFrom: new Date(now() - 86_400_000).toISOString(),
        validTo: new Date(now() + 730 * 86_400_000).toISOString(),
        usage: [usage],
      });
      return json(200, [entry('KsefTokenEncryption'), entry('SymmetricKeyEncryption')]);
    }
    if (method === 'POST' && path === '/auth/token/redeem') {
      const found = operationFor(request);
      if (!found) return unauthorized();
      const [, operation] = found;
      if (operation.redeemed || operation.status.code !== 200)
        return exception(400, 21301, 'Brak autoryzacji.', ['Tokeny zostały już pobrane lub uwierzytelnianie nie powiodło się.']);
      operation.redeemed = true;
      const access = randomBytes(32).toString('base64url');
      accessTokens.set(access, operation.nip);
      contextDocumentHash.set(access, operation.documentHash);
      const validUntil = new Date(now() + 15 * 60_000).toISOString();
      return json(200, {
        accessToken: { token: access, validUntil },
        refreshToken: { token: randomBytes(32).toString('base64url'), validUntil },
      });
    }
    const auth = /^\/auth\/([\w-]{36})$/.exec(path);
    if (method === 'GET' && auth) {
      const found = operationFor(request);
      if (!found || found[0] !== auth[1]) return unauthorized();
      const operation = found[1];
      const first = !operation.polled;
      operation.polled = true;
      const status = first ? { code: 100, description: 'Uwierzytelnianie w toku' } : operation.status;
      return json(200, {
        startDate: new Date(now()).toISOString(),
        authenticationMethod: 'QualifiedSignature',
        authenticationMethodInfo: {
          category: 'XadesSignature',
          code: 'Certificate.Self',
          displayName: 'Certyfikat samodzielnie wygenerowany',
        },
        status,
      });
    }

    const nip = contextOf(request);
    if (nip === undefined) return unauthorized();
    if (method === 'POST' && path === '/sessions/online') {
      const body = (await request.json().catch(() => null)) as {
        formCode?: { systemCode?: string; schemaVersion?: string; value?: string };
        encryption?: { encryptedSymmetricKey?: string; initializationVector?: string };
      } | null;
      const form = body?.formCode;
      if (form?.systemCode !== 'FA (3)' || form.schemaVersion !== '1-0E' || form.value !== 'FA')
        return exception(400, 21405, 'Błąd walidacji danych wejściowych.', ['Nieobsługiwany kod formularza.']);
      const key = unwrapSessionKey(privateKey, body?.encryption?.encryptedSymmetricKey ?? '', body?.encryption?.initializationVector ?? '');
      if (!key) return exception(400, 21405, 'Błąd walidacji danych wejściowych.', ['Nie można odszyfrować klucza symetrycznego.']);
      const reference = referenceNumber(now(), 'SO');
      sessions.set(reference, { nip, key, closed: false, invoices: new Map() });
      return json(201, { referenceNumber: reference, validUntil: new Date(now() + 12 * 3600_000).toISOString() });
    }
    const online = /^\/sessions\/online\/([\w-]{36})\/(invoices|close)$/.exec(path);
    if (method === 'POST' && online) {
      const session = sessions.get(online[1] ?? '');
      if (!session || session.nip !== nip) return exception(400, 21405, 'Błąd walidacji danych wejściowych.', ['Nie ma takiej sesji.']);
      if (session.closed) return exception(400, 21180, 'Status sesji nie pozwala na wykonanie operacji.');
      if (online[2] === 'close') {
        session.closed = true;
        return new Response(null, { status: 204 });
      }
      const body = (await request.json().catch(() => null)) as SentInvoice | null;
      if (!body || typeof body.encryptedInvoiceContent !== 'string' || typeof body.invoiceHash !== 'string')
        return exception(400, 21405, 'Błąd walidacji danych wejściowych.', ['Brak wymaganych pól.']);
      return send(request, session, online[1] ?? '', body);
    }
    const status = /^\/sessions\/([\w-]{36})\/invoices\/([\w-]{36})(\/upo)?$/.exec(path);
    if (method === 'GET' && status) {
      const session = sessions.get(status[1] ?? '');
      const record = session?.nip === nip ? session.invoices.get(status[2] ?? '') : undefined;
      if (!record) return exception(400, 21405, 'Błąd walidacji danych wejściowych.', ['Nie ma takiej faktury w sesji.']);
      if (status[3]) {
        if (!record.upo) return exception(400, 21178, 'Nie znaleziono UPO dla podanych kryteriów.');
        return new Response(record.upo, { status: 200, headers: { 'Content-Type': 'application/xml' } });
      }
      const first = !record.polled;
      record.polled = true;
      return json(200, {
        ordinalNumber: record.ordinalNumber,
        referenceNumber: record.referenceNumber,
        invoicingDate: record.invoicingDate,
        invoiceHash: record.invoiceHash,
        invoicingMode: 'Online',
        ...(first
          ? { status: { code: 150, description: 'Trwa przetwarzanie' } }
          : {
              status: record.status,
              ...(record.ksefNumber
                ? { ksefNumber: record.ksefNumber, invoiceNumber: record.invoiceNumber, acquisitionDate: record.invoicingDate }
                : {}),
            }),
      });
    }
    return exception(404, 0, 'Nie znaleziono.');
  }

  const handle: Handler = async (request) => {
    const url = new URL(request.url);
    const base = url.pathname.replace(/\/(v2\/.*|__test\/outage)$/, '');
    const rest = url.pathname.slice(base.length);
    if (rest === '/__test/outage' && request.method === 'POST') {
      const body = (await request.json().catch(() => ({}))) as { down?: unknown };
      down = body.down === true;
      return json(200, { down });
    }
    if (!rest.startsWith('/v2/')) return exception(404, 0, 'Nie znaleziono.');
    if (down)
      return json(503, { title: 'Service Unavailable', status: 503, detail: 'KSeF jest chwilowo niedostępny (symulowana awaria).' });
    return api(request, rest.slice(3));
  };
  return handle;
}
