import { describe, expect, it } from 'vitest';
import { downscalePlan } from '../../src/features/admin/photos/downscale-plan.ts';

describe('downscalePlan', () => {
  it('halves a 4000×3000 photo once, then draws 1600, 800 and 400 each from the one before', () => {
    const plan = downscalePlan({ width: 4000, height: 3000 });
    expect(plan.largest).toEqual({ width: 1600, height: 1200 });
    expect(plan.halvings).toEqual([{ width: 2000, height: 1500 }]);
    expect(plan.variants).toEqual([
      { target: 1600, width: 1600, height: 1200 },
      { target: 800, width: 800, height: 600 },
      { target: 400, width: 400, height: 300 },
    ]);
  });

  it('never shrinks by more than half in one draw', () => {
    for (const photo of [
      { width: 8000, height: 6000 },
      { width: 4032, height: 3024 },
      { width: 3000, height: 4000 },
      { width: 1601, height: 900 },
      { width: 12_000, height: 1000 },
    ]) {
      const plan = downscalePlan(photo);
      const draws = [photo, ...plan.halvings, ...plan.variants];
      for (let index = 1; index < draws.length; index++) {
        expect(draws[index]!.width * 2).toBeGreaterThanOrEqual(draws[index - 1]!.width);
        expect(draws[index]!.height * 2).toBeGreaterThanOrEqual(draws[index - 1]!.height - 1);
      }
    }
  });

  it('keeps a portrait photo upright: 1600 is its width, the height follows', () => {
    expect(downscalePlan({ width: 3024, height: 4032 }).largest).toEqual({ width: 1600, height: 2133 });
  });

  it('never upscales a small photo: the larger files keep its own size', () => {
    const plan = downscalePlan({ width: 800, height: 1200 });
    expect(plan.halvings).toEqual([]);
    expect(plan.variants).toEqual([
      { target: 1600, width: 800, height: 1200 },
      { target: 800, width: 800, height: 1200 },
      { target: 400, width: 400, height: 600 },
    ]);
  });
});
