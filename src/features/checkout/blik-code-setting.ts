import { useEffect, useState } from 'react';
import { apiKeyHeaders, getBackendConfig } from '../../lib/backend-config.ts';

/**
 * Whether the shop takes a BLIK code typed in the checkout: PayU REST with the
 * owner's 'payu_blik_code'. Read by the checkout alone, not with the public
 * settings every page loads (their defaults ride in the first load's bytes).
 * Until the backend answers, or when it cannot (offline), the answer is no:
 * BLIK then goes to PayU's page, which works on any point of sale.
 */

type PaymentSettingRow = { key?: unknown; value?: unknown };

/** PayU REST with the code switched on; anything else (classic, off, missing) is the gateway's page. */
export function takesBlikCode(rows: unknown): boolean {
  if (!Array.isArray(rows)) return false;
  const values = new Map<unknown, unknown>((rows as PaymentSettingRow[]).map((row) => [row?.key, row?.value]));
  return values.get('payu_api') === 'rest' && values.get('payu_blik_code') === 'true';
}

/** undefined: not known (offline, a backend hiccup). */
let answer: Promise<boolean | undefined> | undefined;

function fetchBlikCodeSetting(): Promise<boolean | undefined> {
  const { url, anonKey } = getBackendConfig();
  const headers: Record<string, string> = { Accept: 'application/json', ...apiKeyHeaders(anonKey) };
  return fetch(`${url}/rest/v1/public_settings?select=key,value&key=in.(payu_api,payu_blik_code)`, { headers })
    .then(async (response) => (response.ok ? takesBlikCode(await response.json()) : undefined))
    .catch(() => undefined);
}

/** Asked once per visit; a failed answer is asked again by the next checkout. */
export function useBlikCodeInShop(): boolean {
  const [inShop, setInShop] = useState(false);
  useEffect(() => {
    let current = true;
    answer ??= fetchBlikCodeSetting();
    const asked = answer;
    void asked.then((value) => {
      if (value === undefined && answer === asked) answer = undefined;
      if (current) setInShop(value ?? false);
    });
    return () => {
      current = false;
    };
  }, []);
  return inShop;
}

/** Forgets the answer; tests only. */
export function resetBlikCodeSettingForTests(): void {
  answer = undefined;
}
