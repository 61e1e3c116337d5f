import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PwaNotices } from '../../src/features/pwa/pwa-layer.tsx';
import { resetPwaStateForTests, setPwaState } from '../../src/features/pwa/pwa-store.ts';
import { UpdatePrompt } from '../../src/features/pwa/update-prompt.tsx';
import { renderInRouter } from './render-route.tsx';

afterEach(() => {
  act(() => resetPwaStateForTests());
});

describe('update prompt', () => {
  it("shows 'Dostępna jest nowa wersja' once a worker is waiting, and activates only on click", async () => {
    await renderInRouter(<PwaNotices />);
    expect(screen.queryByText('Dostępna jest nowa wersja')).toBeNull();

    const activate = vi.fn();
    act(() => setPwaState({ update: { activate } }));
    expect(await screen.findByText('Dostępna jest nowa wersja')).toBeTruthy();
    expect(activate).not.toHaveBeenCalled();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Odśwież' }));
    expect(activate).toHaveBeenCalledTimes(1);
  });

  it("'Później' hides it without activating", async () => {
    const activate = vi.fn();
    render(<UpdatePrompt update={{ activate }} pathname="/shop" />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Później' }));
    expect(screen.queryByText('Dostępna jest nowa wersja')).toBeNull();
    expect(activate).not.toHaveBeenCalled();
  });

  it('waits while the customer is in the checkout', () => {
    const activate = vi.fn();
    const view = render(<UpdatePrompt update={{ activate }} pathname="/checkout" />);
    expect(screen.queryByText('Dostępna jest nowa wersja')).toBeNull();
    view.rerender(<UpdatePrompt update={{ activate }} pathname="/checkout/success" />);
    expect(screen.queryByText('Dostępna jest nowa wersja')).toBeNull();
    view.rerender(<UpdatePrompt update={{ activate }} pathname="/" />);
    expect(screen.getByText('Dostępna jest nowa wersja')).toBeTruthy();
    expect(activate).not.toHaveBeenCalled();
  });
});
