import { buffer, pemBlocks, sha256, toBase64, utf8 } from './bytes.ts';
import { readCertificate, type CertificateInfo } from './der.ts';

/**
 * The XAdES-BES enveloped signature of an AuthTokenRequest, as the
 * ministry's C# client (SignatureService) makes it and ksef-docs
 * auth/podpis-xades.md allows: a reference to the whole document
 * (enveloped-signature + exclusive C14N, SHA-256) and one to the
 * SignedProperties (exclusive C14N, SHA-256), SignedInfo canonicalized with
 * exclusive C14N, RSA-SHA256 or ECDSA-SHA256 (r||s), the certificate in
 * KeyInfo and its SHA-256 digest with issuer and serial in
 * SigningCertificate. See docs/decisions/037-ksef-client.md.
 *
 * Every element is written already in its canonical form (no whitespace,
 * attributes in order, namespaces declared where exclusive C14N renders
 * them), so what is digested and signed is exactly the text sent.
 */

export const AUTH_NAMESPACE = 'http://ksef.mf.gov.pl/auth/token/2.0';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const XADES = 'http://uri.etsi.org/01903/v1.3.2#';
const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';
const SIGNED_PROPERTIES_TYPE = 'http://uri.etsi.org/01903#SignedProperties';
export const SIGNATURE_METHODS = {
  RSA: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  EC: 'http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256',
} as const;

export type SubjectIdentifierType = 'certificateSubject' | 'certificateFingerprint';

/** Text as C14N writes it. */
function text(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#xD;');
}

/** The unsigned AuthTokenRequest (schemat_auth_v2-0.xsd), canonical: it is its own exclusive C14N. */
export function authTokenRequest(challenge: string, nip: string, subject: SubjectIdentifierType = 'certificateSubject'): string {
  if (!/^\d{10}$/.test(nip)) throw new Error('context NIP must be 10 digits');
  if (!/^[0-9A-Za-z-]{36}$/.test(challenge)) throw new Error('unexpected challenge format');
  return (
    `<AuthTokenRequest xmlns="${AUTH_NAMESPACE}"><Challenge>${challenge}</Challenge>` +
    `<ContextIdentifier><Nip>${nip}</Nip></ContextIdentifier>` +
    `<SubjectIdentifierType>${subject}</SubjectIdentifierType></AuthTokenRequest>`
  );
}

export interface SigningCredentials {
  certificate: CertificateInfo;
  privateKey: CryptoKey;
}

/** The owner's KSeF certificate and PKCS#8 key from PEM (function secrets). */
export async function signingCredentials(certificatePem: string, privateKeyPem: string): Promise<SigningCredentials> {
  const [der] = pemBlocks(certificatePem, 'CERTIFICATE');
  if (!der) throw new Error('KSeF certificate: no CERTIFICATE block');
  const [pkcs8] = pemBlocks(privateKeyPem, 'PRIVATE KEY');
  if (!pkcs8) throw new Error('KSeF key: no unencrypted PKCS#8 PRIVATE KEY block');
  const certificate = readCertificate(der);
  const algorithm = certificate.keyType === 'RSA' ? { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } : { name: 'ECDSA', namedCurve: 'P-256' };
  const privateKey = await crypto.subtle.importKey('pkcs8', buffer(pkcs8), algorithm, false, ['sign']);
  return { certificate, privateKey };
}

function reference(uri: string, transforms: string[], digest: string, type?: string): string {
  const attributes = type ? ` Type="${type}" URI="${uri}"` : ` URI="${uri}"`;
  return (
    `<ds:Reference${attributes}><ds:Transforms>` +
    transforms.map((algorithm) => `<ds:Transform Algorithm="${algorithm}"></ds:Transform>`).join('') +
    `</ds:Transforms><ds:DigestMethod Algorithm="${SHA256}"></ds:DigestMethod><ds:DigestValue>${digest}</ds:DigestValue></ds:Reference>`
  );
}

/** SignedProperties, exclusive-canonical (each ds element declares ds, as exclusive C14N renders it). */
export function signedProperties(certificate: CertificateInfo, certificateDigest: string, signingTime: string): string {
  const ds = `xmlns:ds="${DS}"`;
  return (
    `<xades:SignedProperties xmlns:xades="${XADES}" Id="SignedProperties"><xades:SignedSignatureProperties>` +
    `<xades:SigningTime>${signingTime}</xades:SigningTime><xades:SigningCertificate><xades:Cert><xades:CertDigest>` +
    `<ds:DigestMethod ${ds} Algorithm="${SHA256}"></ds:DigestMethod><ds:DigestValue ${ds}>${certificateDigest}</ds:DigestValue>` +
    `</xades:CertDigest><xades:IssuerSerial><ds:X509IssuerName ${ds}>${text(certificate.issuer)}</ds:X509IssuerName>` +
    `<ds:X509SerialNumber ${ds}>${certificate.serialNumber}</ds:X509SerialNumber></xades:IssuerSerial>` +
    `</xades:Cert></xades:SigningCertificate></xades:SignedSignatureProperties></xades:SignedProperties>`
  );
}

/**
 * Signs `document` (an element written canonically, e.g. authTokenRequest())
 * and returns it with the signature as the root's last child. `now` sets the
 * SigningTime, a minute early as the ministry's client does for clock skew.
 */
export async function signEnveloped(document: string, credentials: SigningCredentials, now: number): Promise<string> {
  const close = /<\/([A-Za-z][\w.-]*)>$/.exec(document);
  if (!close) throw new Error('document must end with its root closing tag');
  const { certificate, privateKey } = credentials;
  const properties = signedProperties(certificate, toBase64(await sha256(certificate.der)), new Date(now - 60_000).toISOString());
  const signedInfo =
    `<ds:SignedInfo xmlns:ds="${DS}"><ds:CanonicalizationMethod Algorithm="${EXC_C14N}"></ds:CanonicalizationMethod>` +
    `<ds:SignatureMethod Algorithm="${SIGNATURE_METHODS[certificate.keyType]}"></ds:SignatureMethod>` +
    reference('', [ENVELOPED, EXC_C14N], toBase64(await sha256(utf8(document)))) +
    reference('#SignedProperties', [EXC_C14N], toBase64(await sha256(utf8(properties))), SIGNED_PROPERTIES_TYPE) +
    `</ds:SignedInfo>`;
  const algorithm = certificate.keyType === 'RSA' ? { name: 'RSASSA-PKCS1-v1_5' } : { name: 'ECDSA', hash: 'SHA-256' };
  const value = new Uint8Array(await crypto.subtle.sign(algorithm, privateKey, buffer(utf8(signedInfo))));
  const signature =
    `<ds:Signature xmlns:ds="${DS}" Id="Signature">${signedInfo}<ds:SignatureValue>${toBase64(value)}</ds:SignatureValue>` +
    `<ds:KeyInfo><ds:X509Data><ds:X509Certificate>${toBase64(certificate.der)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>` +
    `<ds:Object><xades:QualifyingProperties xmlns:xades="${XADES}" Target="#Signature">${properties}</xades:QualifyingProperties></ds:Object>` +
    `</ds:Signature>`;
  const at = document.length - close[0].length;
  return `<?xml version="1.0" encoding="utf-8"?>${document.slice(0, at)}${signature}${document.slice(at)}`;
}
