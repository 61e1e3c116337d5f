import { afterEach, describe, expect, it, vi } from 'vitest';
import { markFirstContent, nextTask, resetFirstContentForTests, when } from '../../src/boot/triggers.ts';

const afterFirstContent = (callback: () => void) => when('first-content', callback);

afterEach(() => resetFirstContentForTests());

/** Longer than the page gives the browser to paint the marked content. */
const paintWait = () => new Promise((resolve) => setTimeout(resolve, 150));

describe('work waiting for the first content', () => {
  it('starts each waiting part in a task of its own, in the order they asked, once the content is painted', async () => {
    const started: string[] = [];
    /** What had started when each part's task ended (its microtasks run before the next task). */
    const atTaskEnd: string[][] = [];
    for (const part of ['cookie banner', 'cart', 'order sync'])
      afterFirstContent(() => {
        started.push(part);
        queueMicrotask(() => atTaskEnd.push([...started]));
      });

    markFirstContent();
    // Not before the content is painted: the work would delay that paint.
    await nextTask();
    await nextTask();
    expect(started).toEqual([]);
    await vi.waitFor(() => expect(started).toHaveLength(3));
    expect(started).toEqual(['cookie banner', 'cart', 'order sync']);
    // One part per task: a dozen parts starting at once were one long task on a slow phone.
    expect(atTaskEnd).toEqual([['cookie banner'], ['cookie banner', 'cart'], ['cookie banner', 'cart', 'order sync']]);
  });

  it('skips a part cancelled before its turn, and starts a part that asks afterwards at once', async () => {
    const started: string[] = [];
    afterFirstContent(() => started.push('cart'));
    const cancelMenu = afterFirstContent(() => started.push('menu'));
    markFirstContent();
    cancelMenu();
    await vi.waitFor(() => expect(started).toEqual(['cart']));
    await paintWait();
    expect(started).toEqual(['cart']);

    afterFirstContent(() => started.push('footer'));
    expect(started).toEqual(['cart', 'footer']);
  });
});
