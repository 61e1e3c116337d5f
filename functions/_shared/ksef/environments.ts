/**
 * KSeF 2.0's public environments (ksef-docs: srodowiska.md, kody-qr.md; the
 * ministry's C# client: KsefEnvironmentConfig, KsefQREnvironmentsUris). The
 * API's paths hang under `/v2` (open-api.json `servers`).
 */

export const KSEF_ENVIRONMENTS = ['test', 'demo', 'production'] as const;
export type KsefEnvironment = (typeof KSEF_ENVIRONMENTS)[number];

export interface KsefEndpoints {
  /** The API base, paths like `/auth/challenge` follow it. */
  apiUrl: string;
  /** Where KOD I verification links point. */
  qrUrl: string;
}

export const KSEF_ENDPOINTS: Record<KsefEnvironment, KsefEndpoints> = {
  test: { apiUrl: 'https://api-test.ksef.mf.gov.pl/v2', qrUrl: 'https://qr-test.ksef.mf.gov.pl' },
  demo: { apiUrl: 'https://api-demo.ksef.mf.gov.pl/v2', qrUrl: 'https://qr-demo.ksef.mf.gov.pl' },
  production: { apiUrl: 'https://api.ksef.mf.gov.pl/v2', qrUrl: 'https://qr.ksef.mf.gov.pl' },
};

export function isKsefEnvironment(value: unknown): value is KsefEnvironment {
  return typeof value === 'string' && (KSEF_ENVIRONMENTS as readonly string[]).includes(value);
}

/** Where the local backend serves its KSeF stand-in (server/local-backend/ksef/, never deployed); the API follows at /v2. */
export const LOCAL_KSEF_SIMULATOR_PATH = '/functions/v1/ksef-simulator';
