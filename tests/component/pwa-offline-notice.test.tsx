import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OfflineNotice } from '../../src/features/pwa/offline-notice.tsx';
import { renderRoute, withBackendMetaAndConsent } from './render-route.tsx';

function setNetwork(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => true });
});

describe('offline notice', () => {
  it("says 'Jesteś offline' on an offline event and goes away on online", () => {
    render(<OfflineNotice />);
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('');

    setNetwork(false);
    expect(region.textContent).toContain('Jesteś offline');
    expect(region.textContent).toMatch(/logowanie.*płatność wymagają internetu/);

    setNetwork(true);
    expect(screen.queryByText(/Jesteś offline/)).toBeNull();
    expect(region.textContent).toBe('');
  });

  describe('in the app shell', () => {
    withBackendMetaAndConsent();

    it('is mounted on every page (after the first paint)', async () => {
      await renderRoute('/about');
      await screen.findByRole('heading', { level: 1, name: 'O nas' });
      setNetwork(false);
      expect(await screen.findByText('Jesteś offline.', {}, { timeout: 4000 })).toBeTruthy();
      setNetwork(true);
      expect(screen.queryByText('Jesteś offline.')).toBeNull();
    });
  });
});
