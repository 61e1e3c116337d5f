import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { server } from '../../mocks/node.ts';
import { forgetCartSnapshot } from '../../src/features/cart/cart-snapshot.ts';
import { resetBannerAnswerForTests } from '../../src/features/shell/cookie-banner-slot.tsx';
import { COOKIE_BANNER_COOKIE } from '../../src/features/shell/cookie-consent.ts';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  // A part's code that a test's trigger started loading (src/boot/deferred.tsx) arrives before jsdom is torn down:
  // its state update after the last test otherwise finds no window.
  await vi.dynamicImportSettled();
  cleanup();
  server.resetHandlers();
  // The cookie banner's answer is a cookie too (jsdom keeps cookies across a file's tests): each test starts unanswered.
  document.cookie = `${COOKIE_BANNER_COOKIE}=; Path=/; Max-Age=0`;
  resetBannerAnswerForTests();
  // localStorage outlives a test like the cookie: the next test's cart is the one its database holds.
  forgetCartSnapshot();
});
afterAll(() => server.close());
