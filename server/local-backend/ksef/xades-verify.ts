import { execFileSync } from 'node:child_process';
import { createHash, verify, X509Certificate } from 'node:crypto';

/**
 * The stand-in's check of a XAdES-signed AuthTokenRequest, written apart
 * from the client's signer so the two cannot share a mistake: libxml2's
 * canonicalization (`xmllint --exc-c14n` / `--c14n`) recomputes both
 * references' digests, node:crypto parses the certificate and verifies
 * SignedInfo, and the signing certificate's digest and serial are compared.
 */

export type XadesCheck =
  { ok: true; certificate: X509Certificate; challenge: string; nip: string; subjectType: string } | { ok: false; reason: string };

const DIGESTS: Record<string, string> = {
  'http://www.w3.org/2001/04/xmlenc#sha256': 'sha256',
  'http://www.w3.org/2001/04/xmldsig-more#sha384': 'sha384',
  'http://www.w3.org/2001/04/xmlenc#sha512': 'sha512',
};
const SIGNATURE_HASHES: Record<string, { hash: string; ec: boolean }> = {
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256': { hash: 'sha256', ec: false },
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha512': { hash: 'sha512', ec: false },
  'http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256': { hash: 'sha256', ec: true },
};
const EXCLUSIVE = 'http://www.w3.org/2001/10/xml-exc-c14n#';
const INCLUSIVE = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';

function canonical(xml: string, method: string): string {
  const flag = method === EXCLUSIVE ? '--exc-c14n' : method === INCLUSIVE ? '--c14n' : null;
  if (!flag) throw new Error(`unsupported canonicalization ${method}`);
  return execFileSync('xmllint', [flag, '-'], { input: xml, maxBuffer: 1 << 20 }).toString('utf8');
}

function element(xml: string, localName: string): { text: string; start: string } | null {
  const match = new RegExp(`<((?:[\\w-]+:)?${localName})\\b[^>]*>[\\s\\S]*?</\\1>`).exec(xml);
  if (!match) return null;
  return { text: match[0], start: /^<[^>]*>/.exec(match[0])?.[0] ?? '' };
}

function namespaces(startTag: string): Map<string, string> {
  return new Map([...startTag.matchAll(/\s(xmlns(?::[\w-]+)?)="([^"]*)"/g)].map((m) => [m[1] ?? '', m[2] ?? '']));
}

/** The subtree as its own document, with the namespaces its ancestors declared (what a node-set keeps in scope). */
function detached(subtree: string, ancestors: string[]): string {
  const own = namespaces(/^<[^>]*>/.exec(subtree)?.[0] ?? '');
  const inherited = new Map<string, string>();
  for (const start of ancestors) for (const [name, uri] of namespaces(start)) inherited.set(name, uri);
  const extra = [...inherited].filter(([name]) => !own.has(name)).map(([name, uri]) => ` ${name}="${uri}"`);
  return subtree.replace(/^<([\w:-]+)/, `<$1${extra.join('')}`);
}

function value(xml: string, localName: string): string | null {
  return new RegExp(`<(?:[\\w-]+:)?${localName}\\b[^>]*>([^<]*)<`).exec(xml)?.[1]?.trim() ?? null;
}

function attribute(startTag: string, name: string): string | null {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(startTag)?.[1] ?? null;
}

function digest(algorithm: string | null, data: string | Buffer): string {
  const name = algorithm ? DIGESTS[algorithm] : undefined;
  if (!name) throw new Error(`unsupported digest ${algorithm}`);
  return createHash(name).update(data).digest('base64');
}

export function verifyXadesAuthRequest(xml: string): XadesCheck {
  try {
    const body = xml.replace(/^<\?xml[^>]*\?>\s*/, '');
    const root = /^<[^>]*>/.exec(body)?.[0] ?? '';
    const signature = element(body, 'Signature');
    const signedInfo = signature && element(signature.text, 'SignedInfo');
    const properties = signature && element(signature.text, 'SignedProperties');
    const qualifying = signature && element(signature.text, 'QualifyingProperties');
    if (!signature || !signedInfo || !properties || !qualifying) return { ok: false, reason: 'Brak podpisu XAdES lub jego właściwości.' };
    const certificateText = value(signature.text, 'X509Certificate');
    if (!certificateText) return { ok: false, reason: 'Brak certyfikatu w podpisie.' };
    const certificate = new X509Certificate(Buffer.from(certificateText, 'base64'));

    const method =
      attribute(
        element(signedInfo.text, 'CanonicalizationMethod')?.start ?? /<[\w:]*CanonicalizationMethod[^>]*>/.exec(signedInfo.text)?.[0] ?? '',
        'Algorithm',
      ) ?? '';
    const references = [...signedInfo.text.matchAll(/<((?:[\w-]+:)?Reference)\b([^>]*)>([\s\S]*?)<\/\1>/g)];
    for (const [, , attributes, content] of references) {
      const uri = attribute(` ${attributes}`, 'URI');
      const digestMethod = /Algorithm="([^"]*)"/.exec(/<(?:[\w-]+:)?DigestMethod\b[^>]*>/.exec(content ?? '')?.[0] ?? '')?.[1] ?? null;
      const transforms = [...(content ?? '').matchAll(/<(?:[\w-]+:)?Transform\b[^>]*Algorithm="([^"]*)"/g)].map((m) => m[1] ?? '');
      const c14n = transforms.find((t) => t === EXCLUSIVE || t === INCLUSIVE) ?? INCLUSIVE;
      let data: string;
      if (uri === '') {
        if (!transforms.includes('http://www.w3.org/2000/09/xmldsig#enveloped-signature'))
          return { ok: false, reason: 'Podpis nie jest otaczany.' };
        data = canonical(body.replace(signature.text, ''), c14n);
      } else if (uri === `#${attribute(properties.start, 'Id')}`) {
        data = canonical(detached(properties.text, [root, signature.start, qualifying.start]), c14n);
      } else return { ok: false, reason: `Nieobsługiwana referencja ${uri}.` };
      if (digest(digestMethod, data) !== value(content ?? '', 'DigestValue'))
        return { ok: false, reason: `Skrót referencji ${uri || '""'} się nie zgadza.` };
    }
    if (references.length < 2) return { ok: false, reason: 'Podpis bez referencji do SignedProperties.' };

    const signatureMethod = /Algorithm="([^"]*)"/.exec(/<(?:[\w-]+:)?SignatureMethod\b[^>]*>/.exec(signedInfo.text)?.[0] ?? '')?.[1] ?? '';
    const scheme = SIGNATURE_HASHES[signatureMethod];
    if (!scheme) return { ok: false, reason: `Nieobsługiwany algorytm podpisu ${signatureMethod}.` };
    const signedInfoBytes = canonical(detached(signedInfo.text, [root, signature.start]), method);
    const signatureValue = Buffer.from(value(signature.text, 'SignatureValue') ?? '', 'base64');
    const key = scheme.ec ? { key: certificate.publicKey, dsaEncoding: 'ieee-p1363' as const } : certificate.publicKey;
    if (!verify(scheme.hash, Buffer.from(signedInfoBytes, 'utf8'), key, signatureValue))
      return { ok: false, reason: 'Podpis jest nieprawidłowy.' };

    const certDigestMethod = /Algorithm="([^"]*)"/.exec(element(properties.text, 'CertDigest')?.text ?? '')?.[1] ?? null;
    if (digest(certDigestMethod, certificate.raw) !== value(element(properties.text, 'CertDigest')?.text ?? '', 'DigestValue'))
      return { ok: false, reason: 'SigningCertificate nie wskazuje certyfikatu podpisu.' };
    if (value(properties.text, 'X509SerialNumber') !== BigInt(`0x${certificate.serialNumber}`).toString(10))
      return { ok: false, reason: 'Numer seryjny w SigningCertificate się nie zgadza.' };

    return {
      ok: true,
      certificate,
      challenge: value(body, 'Challenge') ?? '',
      nip: value(element(body, 'ContextIdentifier')?.text ?? '', 'Nip') ?? '',
      subjectType: value(body, 'SubjectIdentifierType') ?? '',
    };
  } catch (error) {
    return { ok: false, reason: `Nieprawidłowy dokument: ${error instanceof Error ? error.message.split('\n')[0] : 'błąd'}` };
  }
}
