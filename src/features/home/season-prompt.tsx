import { Link } from '@tanstack/react-router';
import { deliverySettingsFromRows } from '../../domain/delivery-settings.ts';
import { seasonPrompt, type SeasonPrompt } from '../../domain/season-prompts.ts';
import { ArrowRightIcon } from '../../lib/icons/first-load.tsx';
import { readPageData } from '../../lib/page-data.ts';

type SettingRow = { key: string; value: string | null };

const isSettingRow = (row: unknown): row is SettingRow =>
  typeof row === 'object' && row !== null && typeof (row as SettingRow).key === 'string';

/**
 * The prompt for the day the server rendered the page on, from the peak days
 * it rendered it with. A page the browser draws itself (coming from another
 * page) has no server date, and shows none rather than trust the device's
 * clock (docs/decisions/035-seasonal-prompts.md).
 */
function servedPrompt(): SeasonPrompt | null {
  const today = readPageData('shop-today');
  if (typeof today !== 'string') return null;
  const rows = readPageData('public-settings');
  const settings = deliverySettingsFromRows(Array.isArray(rows) ? rows.filter(isSettingRow) : []);
  return seasonPrompt(today, settings.peakDays);
}

/** 'Walentynki — zamów kwiaty na 14 lutego', leading to the shop filtered for the occasion. */
export function SeasonPromptBanner() {
  const prompt = servedPrompt();
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
