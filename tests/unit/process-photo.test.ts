import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as pipeline from '../../src/features/admin/photos/photo-pipeline.ts';
import type { ProcessedPhoto } from '../../src/features/admin/photos/photo-pipeline.ts';
import type { PhotoReply } from '../../src/features/admin/photos/photo-worker-protocol.ts';

/**
 * processPhoto's choice of where to work and what it does when the worker
 * fails, with a scripted Worker (Node has none). The pixels themselves are
 * checked in real Chromium: tests/e2e/photo-processing.test.ts.
 */

const resizePhoto = vi.hoisted(() => vi.fn<(file: Blob) => Promise<ProcessedPhoto>>());
vi.mock('../../src/features/admin/photos/photo-pipeline.ts', async (original) => ({
  ...(await original<typeof pipeline>()),
  resizePhoto,
}));
const { PhotoProcessingError, processPhoto } = await import('../../src/features/admin/photos/process-photo.ts');

const photo = (width: number): ProcessedPhoto => ({ width, height: 100, format: 'webp', variants: [] });

type Script = (worker: ScriptedWorker, job: { file: Blob }) => void;
let script: Script;
let workers: ScriptedWorker[];
let live: number;
let maxLive: number;

class ScriptedWorker {
  readonly listeners = new Map<string, Array<(event: object) => void>>();
  terminated = false;
  errorDefaultPrevented = false;
  constructor(readonly url: URL) {
    workers.push(this);
    maxLive = Math.max(maxLive, ++live);
  }
  addEventListener(type: string, listener: (event: object) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  postMessage(job: { file: Blob }) {
    setTimeout(() => script(this, job), 1);
  }
  terminate() {
    if (!this.terminated) live--;
    this.terminated = true;
  }
  reply(data: PhotoReply) {
    this.listeners.get('message')?.forEach((listener) => listener({ data }));
  }
  fail() {
    const event = { preventDefault: () => (this.errorDefaultPrevented = true) };
    this.listeners.get('error')?.forEach((listener) => listener(event));
  }
}

beforeEach(() => {
  workers = [];
  live = 0;
  maxLive = 0;
  resizePhoto.mockReset();
  vi.stubGlobal('Worker', ScriptedWorker);
  vi.stubGlobal('OffscreenCanvas', class {});
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const file = new Blob(['jpeg'], { type: 'image/jpeg' });

describe('processPhoto', () => {
  it('hands the file to the photo worker and ends the worker once it has answered', async () => {
    script = (worker, job) => worker.reply({ ok: true, photo: photo(job.file.size) });
    await expect(processPhoto(file)).resolves.toEqual(photo(4));
    expect(workers).toHaveLength(1);
    expect(workers[0]!.url.pathname).toMatch(/\/photo-processor\.worker\.ts$/);
    expect(workers[0]!.terminated).toBe(true);
    expect(resizePhoto).not.toHaveBeenCalled();
  });

  it("passes on the worker's refusal with its reason, without trying again on the main thread", async () => {
    script = (worker) => worker.reply({ ok: false, reason: 'unsupported', message: 'This browser cannot encode WebP' });
    const error = await processPhoto(file).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PhotoProcessingError);
    expect(error).toMatchObject({ reason: 'unsupported', message: 'This browser cannot encode WebP' });
    expect(resizePhoto).not.toHaveBeenCalled();
    expect(workers[0]!.terminated).toBe(true);
  });

  it('does the work on the main thread when the worker itself breaks (script not loaded, crash)', async () => {
    script = (worker) => worker.fail();
    resizePhoto.mockResolvedValue(photo(1600));
    await expect(processPhoto(file)).resolves.toEqual(photo(1600));
    expect(resizePhoto).toHaveBeenCalledWith(file);
    expect(workers[0]!.errorDefaultPrevented).toBe(true);
    expect(workers[0]!.terminated).toBe(true);
  });

  it('does the work on the main thread when a worker cannot be created', async () => {
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw new TypeError('Module scripts are not supported in workers');
        }
      },
    );
    resizePhoto.mockResolvedValue(photo(800));
    await expect(processPhoto(file)).resolves.toEqual(photo(800));
  });

  it('uses no worker in a browser without OffscreenCanvas', async () => {
    vi.stubGlobal('OffscreenCanvas', undefined);
    resizePhoto.mockResolvedValue(photo(400));
    await expect(processPhoto(file)).resolves.toEqual(photo(400));
    expect(workers).toEqual([]);
  });

  it('prepares one photo at a time, and a failed one does not stop the next', async () => {
    let calls = 0;
    script = (worker, job) => {
      calls++;
      if (calls === 2) worker.reply({ ok: false, reason: 'undecodable', message: 'Not a decodable image' });
      else worker.reply({ ok: true, photo: photo(job.file.size) });
    };
    const outcomes = await Promise.allSettled([
      processPhoto(new Blob(['a'])),
      processPhoto(new Blob(['bb'])),
      processPhoto(new Blob(['ccc'])),
    ]);
    expect(outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value.width : (outcome.reason as Error).name))).toEqual([
      1,
      'PhotoProcessingError',
      3,
    ]);
    expect(workers).toHaveLength(3);
    expect(maxLive).toBe(1);
  });
});
