import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_NAME, STORED_SETTINGS_KEY } from '../../src/features/shell/shop-name.ts';
import { PUBLIC_SETTINGS_DEFAULTS, PUBLIC_SETTINGS_STORAGE_KEY } from '../../src/lib/public-settings.ts';

describe("the header's shop name before the public settings' code loads", () => {
  it('reads what the public settings store and falls back to their default', () => {
    expect(STORED_SETTINGS_KEY).toBe(PUBLIC_SETTINGS_STORAGE_KEY);
    expect(DEFAULT_SHOP_NAME).toBe(PUBLIC_SETTINGS_DEFAULTS.company_name);
  });
});
