import { describe, expect, it } from 'vitest';
import { longTasksOfPage, type TraceEvent } from '../../bench/long-tasks.ts';

const ORIGIN = 'http://localhost:4173';
const PAGE = { pid: 1, tid: 10 };
const OTHER_TAB = { pid: 2, tid: 20 };

/** A trace in µs, as Chromium writes it: thread names, a navigation naming the page's origin, its first paint, tasks. */
function trace(...events: TraceEvent[]): TraceEvent[] {
  return [
    { name: 'thread_name', ph: 'M', ts: 0, ...PAGE, args: { name: 'CrRendererMain' } },
    { name: 'thread_name', ph: 'M', ts: 0, ...OTHER_TAB, args: { name: 'CrRendererMain' } },
    { name: 'navigationStart', ph: 'R', ts: 0, ...PAGE, args: { data: { url: `${ORIGIN}/shop` } } },
    { name: 'navigationStart', ph: 'R', ts: 0, ...OTHER_TAB, args: { data: { url: 'chrome://newtab/' } } },
    { name: 'firstContentfulPaint', ph: 'R', ts: 1_000_000, ...PAGE },
    ...events,
  ];
}

const task = (startMs: number, durationMs: number, thread = PAGE): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  ts: startMs * 1000,
  dur: durationMs * 1000,
  ...thread,
});

describe("the bench's long tasks at load", () => {
  it('counts whole tasks over 50 ms after the first paint and none of 50 ms or less', () => {
    const result = longTasksOfPage(trace(task(1100, 80), task(1300, 50), task(1400, 51)), ORIGIN);
    expect(result).toEqual({ count: 2, sumMs: 131, allMs: 131 });
  });

  it('counts only the part after the first paint of a task that spans it, and all of it since navigation', () => {
    const result = longTasksOfPage(trace(task(400, 120), task(950, 100)), ORIGIN);
    expect(result.count).toBe(2);
    expect(result.sumMs).toBe(50);
    expect(result.allMs).toBe(220);
  });

  it("ignores other renderers' tasks", () => {
    const result = longTasksOfPage(trace(task(1100, 300, OTHER_TAB), task(1200, 60)), ORIGIN);
    expect(result).toEqual({ count: 1, sumMs: 60, allMs: 60 });
  });

  it('refuses a trace without a first paint of the page', () => {
    const events = trace(task(1100, 80)).filter((event) => event.name !== 'firstContentfulPaint');
    expect(() => longTasksOfPage(events, ORIGIN)).toThrow(/No first contentful paint/);
  });
});
