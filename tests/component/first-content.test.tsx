import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markFirstContent, nextTask, resetFirstContentForTests, when } from '../../src/boot/triggers.ts';

const afterFirstContent = (callback: () => void) => when('first-content', callback);

/** What the page observes of its paints: the test reports a largest-contentful-paint when it says so. */
let observers: Array<(entries: Array<{ startTime: number }>) => void> = [];

class FakePaintObserver {
  constructor(private readonly callback: (list: { getEntries(): Array<{ startTime: number }> }) => void) {}
  observe() {
    observers.push((entries) => this.callback({ getEntries: () => entries }));
  }
  disconnect() {}
}

beforeEach(() => {
  observers = [];
  vi.stubGlobal('PerformanceObserver', FakePaintObserver);
});

afterEach(() => {
  resetFirstContentForTests();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** The browser reports the largest paint at `startTime`; the tasks queued meanwhile run. */
async function reportPaint(startTime = performance.now()): Promise<void> {
  observers.forEach((report) => report([{ startTime }]));
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('work waiting for the first content', () => {
  it('starts each waiting part in a task of its own, in the order they asked, once the content is shown', async () => {
    const started: string[] = [];
    for (const part of ['cookie banner', 'cart', 'order sync']) afterFirstContent(() => started.push(part));

    markFirstContent();
    // Not before the content is painted: the work would delay that paint.
    await nextTask();
    await nextTask();
    expect(started).toEqual([]);
    // A paint from before the content (the server's markup) is not the content's.
    await reportPaint(0);
    expect(started).toEqual([]);
    await reportPaint();
    // Not in one task: a dozen parts starting at once were one long task on a slow phone.
    expect(started).toEqual([]);
    await nextTask();
    expect(started).toEqual(['cookie banner']);
    await nextTask();
    expect(started).toEqual(['cookie banner', 'cart']);
    await nextTask();
    expect(started).toEqual(['cookie banner', 'cart', 'order sync']);
  });

  it('skips a part cancelled before its turn, and starts a part that asks afterwards at once', async () => {
    const started: string[] = [];
    afterFirstContent(() => started.push('cart'));
    const cancelMenu = afterFirstContent(() => started.push('menu'));
    markFirstContent();
    cancelMenu();
    await reportPaint();
    for (let task = 0; task < 3; task += 1) await nextTask();
    expect(started).toEqual(['cart']);

    afterFirstContent(() => started.push('footer'));
    expect(started).toEqual(['cart', 'footer']);
  });

  it('goes on after a moment when no larger paint comes (the server markup was the largest) or the page is hidden', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const started: string[] = [];
    afterFirstContent(() => started.push('cart'));
    markFirstContent();
    await vi.advanceTimersByTimeAsync(50);
    expect(started).toEqual([]);
    await vi.advanceTimersByTimeAsync(100);
    expect(started).toEqual(['cart']);
  });
});
