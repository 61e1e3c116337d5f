import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TRANSITIONS_ALLOWED_ATTRIBUTE } from '../../src/lib/allow-transitions.ts';
import { InteractiveGate } from '../../src/lib/interactive-gate.tsx';
import { hydratingServerPage, serverPageLeft } from '../../src/lib/use-hydrating.ts';

const transitionsAllowed = () => document.documentElement.hasAttribute(TRANSITIONS_ALLOWED_ATTRIBUTE);
const task = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Polls task by task, as the browser would run them, until `done` holds. */
async function untilTask(done: () => boolean): Promise<void> {
  for (let tasks = 0; !done(); tasks += 1) {
    if (tasks > 500) throw new Error('Timed out');
    await task();
  }
}

// React renders as in the browser, task by task, not flushed at once inside act(): the order of the steps is the point.
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
let root: Root | undefined;
beforeEach(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(() => {
  root?.unmount();
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
  serverPageLeft();
  document.documentElement.removeAttribute(TRANSITIONS_ALLOWED_ATTRIBUTE);
});

function renderGate(): () => HTMLFieldSetElement | null {
  const container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container);
  root.render(
    <InteractiveGate>
      <button type="button">Dodaj do koszyka</button>
    </InteractiveGate>,
  );
  return () => container.querySelector('fieldset');
}

describe('the gate of a server-rendered page', () => {
  it('opens with the fades still held, and lets them run only after that', async () => {
    hydratingServerPage();
    const gate = renderGate();
    await untilTask(() => gate() !== null);
    // The server's render: buttons say "not yet", and nothing may fade.
    expect(gate()!.disabled).toBe(true);
    expect(transitionsAllowed()).toBe(false);
    await untilTask(() => !gate()!.disabled);
    // Opening the gate and allowing fades in the same style change would fade every button from grey to ready.
    expect(transitionsAllowed()).toBe(false);
    await untilTask(transitionsAllowed);
  });

  it('lets the fades run on a page the browser rendered itself', async () => {
    const gate = renderGate();
    await untilTask(() => gate() !== null);
    expect(gate()!.disabled).toBe(false);
    await untilTask(transitionsAllowed);
  });
});
