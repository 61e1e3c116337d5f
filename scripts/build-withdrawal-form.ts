/**
 * Renders the model withdrawal form (scripts/withdrawal-form/*.html, the text
 * of załącznik nr 2 do ustawy o prawach konsumenta) to the PDF that /terms
 * offers for download. Run once after editing the HTML, and commit both:
 *
 *   node --import tsx scripts/build-withdrawal-form.ts
 *
 * Uses playwright-core with the system Chromium (CHROMIUM_PATH, default
 * /usr/bin/chromium); the build itself does not run it, so no browser is
 * needed to build the app.
 */
import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { WITHDRAWAL_FORM_FILE } from '../src/features/legal/withdrawal-form.ts';

const root = resolve(import.meta.dirname, '..');
const source = join(root, 'scripts', 'withdrawal-form', 'wzor-formularza-odstapienia.html');
const target = join(root, 'public', WITHDRAWAL_FORM_FILE);

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage();
  await page.goto(pathToFileURL(source).href);
  await page.pdf({ path: target, format: 'A4', preferCSSPageSize: true, printBackground: false, tagged: true });
} finally {
  await browser.close();
}
console.log(`${target}: ${statSync(target).size} bytes`);
