import { isKsefEnvironment, KSEF_ENVIRONMENTS, KSEF_ENDPOINTS, type KsefEnvironment } from './environments.ts';

/**
 * The KSeF settings a sending function reads from its own environment
 * (function secrets, set once at deploy; never in the settings table, the
 * bundle or an answer). KSEF_API_URL only points the local backend at its
 * stand-in; deployed functions take the environment's address.
 */

export const KSEF_VARIABLES = {
  environment: 'KSEF_ENVIRONMENT',
  certificate: 'KSEF_CERTIFICATE',
  privateKey: 'KSEF_PRIVATE_KEY',
  apiUrl: 'KSEF_API_URL',
} as const;

export interface KsefConfig {
  environment: KsefEnvironment;
  apiUrl: string;
  qrUrl: string;
  certificatePem: string;
  privateKeyPem: string;
}

export type KsefConfigReading = { ok: true; config: KsefConfig } | { ok: false; problems: string[] };

export function readKsefConfig(get: (name: string) => string | undefined): KsefConfigReading {
  const problems: string[] = [];
  const environment = get(KSEF_VARIABLES.environment)?.trim() || 'test';
  if (!isKsefEnvironment(environment)) problems.push(`${KSEF_VARIABLES.environment} must be one of ${KSEF_ENVIRONMENTS.join(', ')}`);
  const certificatePem = get(KSEF_VARIABLES.certificate) ?? '';
  const privateKeyPem = get(KSEF_VARIABLES.privateKey) ?? '';
  if (!certificatePem.includes('BEGIN CERTIFICATE')) problems.push(`${KSEF_VARIABLES.certificate} (PEM) is missing`);
  if (!privateKeyPem.includes('BEGIN PRIVATE KEY')) problems.push(`${KSEF_VARIABLES.privateKey} (unencrypted PKCS#8 PEM) is missing`);
  const override = get(KSEF_VARIABLES.apiUrl)?.trim();
  if (override && !/^https?:\/\/[^\s]+$/.test(override)) problems.push(`${KSEF_VARIABLES.apiUrl} is not an address`);
  if (problems.length > 0 || !isKsefEnvironment(environment)) return { ok: false, problems };
  const endpoints = KSEF_ENDPOINTS[environment];
  return {
    ok: true,
    config: {
      environment,
      apiUrl: (override || endpoints.apiUrl).replace(/\/+$/, ''),
      qrUrl: endpoints.qrUrl,
      certificatePem,
      privateKeyPem,
    },
  };
}
