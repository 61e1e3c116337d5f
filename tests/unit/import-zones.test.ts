import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * The import boundaries of eslint.config.js, probed on snippets placed in the
 * tree: the zones are built from the folder list, so a new feature folder must
 * get its own, and the composition through routes must stay allowed.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });
const ZONE_RULE = 'import-x/no-restricted-paths';

async function zoneErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${file}` });
  return (result?.messages ?? []).filter((message) => message.ruleId === ZONE_RULE).map((message) => message.message);
}

/** The boot layer's messages, from either rule that guards it (zones for paths, restricted imports for packages). */
async function bootErrors(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}/src/boot/zone-probe.ts` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === ZONE_RULE || message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

const FEATURE_MESSAGE = 'A feature does not import another feature';
const BOOT_MESSAGE = 'src/boot is the first load of every page';

describe('import zones', () => {
  it('keeps the cart out of the delivery calendar', async () => {
    const errors = await zoneErrors(
      'src/features/cart/zone-probe.ts',
      "import { refreshAvailability } from '../delivery/availability.ts';\nexport const probe = refreshAvailability;\n",
    );
    expect(errors).toEqual([expect.stringContaining(FEATURE_MESSAGE)]);
  });

  it('keeps the checkout out of the delivery calendar, and the calendar out of the checkout', async () => {
    expect(
      await zoneErrors(
        'src/features/checkout/zone-probe.ts',
        "import { DeliverySlotPicker } from '../delivery/slot-picker.tsx';\nexport const probe = DeliverySlotPicker;\n",
      ),
    ).toEqual([expect.stringContaining(FEATURE_MESSAGE)]);
    expect(
      await zoneErrors(
        'src/features/delivery/zone-probe.ts',
        "import { useDeliveryQuote } from '../checkout/use-delivery-quote.ts';\nexport const probe = useDeliveryQuote;\n",
      ),
    ).toEqual([expect.stringContaining(FEATURE_MESSAGE)]);
  });

  it('lets a route compose them, and the admin pages share the orders data layer', async () => {
    expect(
      await zoneErrors(
        'src/routes/zone-probe.ts',
        "import { DeliverySlotPicker } from '../features/delivery/slot-picker.tsx';\nexport const probe = DeliverySlotPicker;\n",
      ),
    ).toEqual([]);
    expect(
      await zoneErrors(
        'src/features/admin/fulfilment/zone-probe.ts',
        "import { useAdminData } from '../orders/orders-data.tsx';\nexport const probe = useAdminData;\n",
      ),
    ).toEqual([]);
  });

  it('keeps the first load small: src/boot imports only src/domain and React', async () => {
    for (const forbidden of [
      "import { supabase } from '../lib/supabase.ts';\nexport const probe = supabase;\n",
      "import { CartButton } from '../features/cart/cart-button.tsx';\nexport const probe = CartButton;\n",
      "import Dexie from 'dexie';\nexport const probe = Dexie;\n",
      "import { createClient } from '@supabase/supabase-js';\nexport const probe = createClient;\n",
    ])
      expect(await bootErrors(forbidden), forbidden).toEqual([expect.stringContaining(BOOT_MESSAGE)]);
    expect(
      await bootErrors(
        "import { useState } from 'react';\nimport { grosz } from '../domain/money.ts';\nimport { when } from './triggers.ts';\nexport const probe = [useState, grosz, when];\n",
      ),
    ).toEqual([]);
  });
});
