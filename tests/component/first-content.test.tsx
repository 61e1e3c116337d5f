import { afterEach, describe, expect, it } from 'vitest';
import { markFirstContent, nextTask, resetFirstContentForTests, when } from '../../src/boot/triggers.ts';

const afterFirstContent = (callback: () => void) => when('first-content', callback);

afterEach(() => resetFirstContentForTests());

describe('work waiting for the first content', () => {
  it('starts each waiting part in a task of its own, in the order they asked, once the content is shown', async () => {
    const started: string[] = [];
    for (const part of ['cookie banner', 'cart', 'order sync']) afterFirstContent(() => started.push(part));

    markFirstContent();
    // Not in the task that showed the content: a dozen parts starting at once were one long task on a slow phone.
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
    for (let task = 0; task < 3; task += 1) await nextTask();
    expect(started).toEqual(['cart']);

    afterFirstContent(() => started.push('footer'));
    expect(started).toEqual(['cart', 'footer']);
  });
});
