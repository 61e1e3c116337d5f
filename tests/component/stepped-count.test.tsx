import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSteppedCount } from '../../src/features/catalog/paced-rendering.ts';

/** Issue 22: the rest of the shop's list is added a few cards at a time, each step in a task of its own. */
describe('a count that climbs a step at a time', () => {
  it('starts where it is told and reaches the target in steps, one per task, never past it', async () => {
    const seen: number[] = [];
    renderHook(() => {
      const count = useSteppedCount(30, 12, 8);
      if (seen.at(-1) !== count) seen.push(count);
      return count;
    });
    expect(seen).toEqual([12]);
    await waitFor(() => expect(seen.at(-1)).toBe(30));
    expect(seen).toEqual([12, 20, 28, 30]);
  });

  it('gives everything at once when it starts at or above the target', () => {
    const { result } = renderHook(() => useSteppedCount(48, Number.POSITIVE_INFINITY, 8));
    expect(result.current).toBe(48);
  });

  it('climbs again from where it is when the target grows, and follows a smaller target at once', async () => {
    const { result, rerender } = renderHook(({ target }) => useSteppedCount(target, 12, 8), { initialProps: { target: 20 } });
    await waitFor(() => expect(result.current).toBe(20));
    rerender({ target: 10 });
    expect(result.current).toBe(10);
    rerender({ target: 36 });
    expect(result.current).toBeLessThan(36);
    await waitFor(() => expect(result.current).toBe(36));
  });

  it('stops when the page goes away mid-climb', async () => {
    const { result, unmount } = renderHook(() => useSteppedCount(100, 0, 10));
    const before = result.current;
    unmount();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(result.current).toBe(before);
  });
});
