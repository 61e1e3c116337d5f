import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { deliverySettingsFromRows } from '../../domain/delivery-settings.ts';
import { seasonPrompt, type SeasonPrompt } from '../../domain/season-prompts.ts';
import { apiKeyHeaders, getBackendConfig } from '../../lib/backend-config.ts';
import { ArrowRightIcon } from '../../lib/icons/first-load.tsx';
import { readPageData } from '../../lib/page-data.ts';

type SettingRow = { key: string; value: string | null };

const isSettingRow = (row: unknown): row is SettingRow =>
  typeof row === 'object' && row !== null && typeof (row as SettingRow).key === 'string';

function promptFrom(today: unknown, rows: unknown): SeasonPrompt | null {
  if (typeof today !== 'string') return null;
  const settings = deliverySettingsFromRows(Array.isArray(rows) ? rows.filter(isSettingRow) : []);
  return seasonPrompt(today, settings.peakDays);
}

/** The prompt for the day the server rendered the page on, or undefined when the browser draws the page itself. */
function servedPrompt(): SeasonPrompt | null | undefined {
  const today = readPageData('shop-today');
  return typeof today === 'string' ? promptFrom(today, readPageData('public-settings')) : undefined;
}

/**
 * A page the browser draws itself (another page first, or a repeat visit
 * opening the service worker's shell) asks the server for its date and the
 * peak days; offline it shows no prompt rather than trust the device's clock
 * (docs/decisions/035-seasonal-prompts.md).
 */
async function askedPrompt(signal: AbortSignal): Promise<SeasonPrompt | null> {
  const { url, anonKey } = getBackendConfig();
  const rest = `${url.replace(/\/+$/, '')}/rest/v1`;
  const ask = (path: string) =>
    fetch(`${rest}/${path}`, { headers: { Accept: 'application/json', ...apiKeyHeaders(anonKey) }, signal }).then((response) =>
      response.ok ? (response.json() as Promise<unknown>) : null,
    );
  const [today, rows] = await Promise.all([ask('rpc/shop_today'), ask('public_settings?select=key,value&key=eq.delivery_peak_days')]);
  return promptFrom(today, rows);
}

/** 'Walentynki — zamów kwiaty na 14 lutego', leading to the shop filtered for the occasion. */
export function SeasonPromptBanner() {
  const [prompt, setPrompt] = useState(servedPrompt);
  useEffect(() => {
    if (prompt !== undefined) return undefined;
    const controller = new AbortController();
    askedPrompt(controller.signal).then(setPrompt, () => undefined);
    return () => controller.abort();
  }, [prompt]);

  if (!prompt) return null;
  return (
    <div className="container-page pt-6 sm:pt-8" data-testid="season-prompt" data-occasion={prompt.id}>
      <Link
        to="/shop"
        search={prompt.search}
        className="group flex items-center justify-between gap-4 rounded-2xl border border-blush-200 bg-blush-50 px-5 py-4 text-forest-900 shadow-sm transition-colors hover:border-blush-300 hover:bg-blush-100"
      >
        <span>
          <span className="block text-base font-semibold text-balance sm:text-lg">{prompt.headline}</span>
          <span className="mt-0.5 block text-sm text-ink-muted">Zamów wcześniej — przygotujemy wszystko na czas.</span>
        </span>
        <ArrowRightIcon className="size-5 shrink-0 transition-transform group-hover:translate-x-0.5" />
      </Link>
    </div>
  );
}
