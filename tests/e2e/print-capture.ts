import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * What the print dialog would print, taken when it opens: `window.print` is
 * replaced by a function that reads the text of `part` (the whole print
 * sheet, or a part of it), then `open` presses the page's 'Drukuj'. After it
 * the sheet shows what Ctrl+P prints.
 */
export async function capturePrint(
  page: Page,
  open: () => Promise<void>,
  { part = '[data-testid="print-sheet"]', timeout = 15_000 }: { part?: string; timeout?: number } = {},
): Promise<string> {
  await page.evaluate((selector) => {
    const record = window as unknown as { printedText?: string };
    delete record.printedText;
    window.print = () => {
      record.printedText = (document.querySelector(selector) as HTMLElement | null)?.innerText ?? '';
    };
  }, part);
  await open();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { printedText?: string }).printedText ?? null), { timeout })
    .not.toBeNull();
  return (await page.evaluate(() => (window as unknown as { printedText?: string }).printedText)) ?? '';
}
