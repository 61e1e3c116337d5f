import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { photoObjectPaths } from '../../src/domain/product-photo.ts';
import { AdminPhotosDb } from '../../src/features/admin/photos/photo-queue-db.ts';
import { PhotoQueue, retryDelay, type PhotoQueueDeps, type PhotoSendPhase } from '../../src/features/admin/photos/photo-queue.ts';
import { PhotoAttachError } from '../../src/features/admin/photos/photos-api.ts';
import type { ProcessedPhoto } from '../../src/features/admin/photos/process-photo.ts';
import { PhotoUploadError, uploadOutcome } from '../../src/features/admin/photos/upload-photo-file.ts';

/**
 * The admin app's photo queue (issue 20) over IndexedDB (fake-indexeddb),
 * with the network, the clock and the timers in the test's hands.
 */

const PRODUCT = '11111111-2222-4333-8444-555555555555';
let databases = 0;

function processed(sizes = [100, 200, 400], type = 'image/webp'): ProcessedPhoto {
  return {
    width: 1600,
    height: 1200,
    format: type === 'image/jpeg' ? 'jpeg' : 'webp',
    variants: ([400, 800, 1600] as const).map((target, index) => ({
      target,
      width: target,
      height: (target * 3) / 4,
      blob: new Blob([new Uint8Array(sizes[index]!)], { type }),
    })),
  };
}

function harness(overrides: Partial<PhotoQueueDeps> = {}) {
  const state = { online: true, clock: 10_000 };
  const timers: { task: () => void; delay: number; cancelled: boolean }[] = [];
  const uploads: string[] = [];
  const attaches: { productId: string; photoId: string; order: string[] | null }[] = [];
  const deps: PhotoQueueDeps = {
    db: new AdminPhotosDb(`photo-queue-test-${(databases += 1)}`),
    upload: vi.fn(async (path: string, file: Blob, onProgress: (loaded: number) => void) => {
      uploads.push(path);
      onProgress(file.size / 2);
      onProgress(file.size);
      return 'created' as const;
    }),
    attach: vi.fn(async (productId: string, photo: { id: string }, order: string[] | null) => {
      attaches.push({ productId, photoId: photo.id, order });
      return [];
    }),
    removeFiles: vi.fn(async () => undefined),
    online: () => state.online,
    now: () => state.clock,
    schedule: (task, delay) => {
      const timer = { task, delay, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
    ...overrides,
  };
  const queue = new PhotoQueue(deps);
  const phases: PhotoSendPhase[] = [];
  const progress: number[] = [];
  queue.subscribe(() => {
    const status = queue.status(PHOTO);
    if (!status) return;
    if (phases.at(-1) !== status.phase) phases.push(status.phase);
    progress.push(status.progress);
  });
  /** Lets the clock reach the armed timer, then does what it does (a pass of the queue). */
  const fireTimer = async () => {
    const armed = timers.filter((candidate) => !candidate.cancelled);
    if (armed.length !== 1) throw new Error(`${armed.length} timers armed`);
    armed[0]!.cancelled = true;
    state.clock += armed[0]!.delay;
    await queue.run();
  };
  return { queue, deps, state, timers, uploads, attaches, phases, progress, fireTimer };
}

const PHOTO = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';

describe('the photo queue', () => {
  it('sends an order photo under its own names and attaches it with its kind (the order-photo queue)', async () => {
    const names = {
      one: vi.fn((order: string, photo: string, target: number) => `orders/${order}/${photo}-${target}.webp`),
      all: vi.fn(() => []),
    };
    const { queue, deps, uploads } = harness({ fileNames: names });
    await queue.add(PRODUCT, PHOTO, processed(), null, 'after_delivery');
    await queue.run();

    expect(uploads).toEqual([400, 800, 1600].map((target) => `orders/${PRODUCT}/${PHOTO}-${target}.webp`));
    expect(deps.attach).toHaveBeenCalledWith(PRODUCT, { id: PHOTO, width: 1600, height: 1200 }, null, 'after_delivery');
    expect(await queue.pending(PRODUCT)).toEqual([]);
  });

  it('sends a JPEG photo (a browser without a WebP encoder) under .jpg names and attaches it as JPEG', async () => {
    const { queue, deps, uploads } = harness();
    await queue.add(PRODUCT, PHOTO, processed(undefined, 'image/jpeg'), null);
    await queue.run();

    expect(uploads).toEqual(photoObjectPaths(PRODUCT, PHOTO, 'jpeg'));
    expect(uploads[0]).toMatch(/-400\.jpg$/);
    expect(deps.attach).toHaveBeenCalledWith(PRODUCT, { id: PHOTO, width: 1600, height: 1200, format: 'jpeg' }, null);
  });

  it('uploads the three files with progress, attaches the photo with the chosen order, then forgets it', async () => {
    const { queue, deps, uploads, attaches, phases, progress } = harness();
    await queue.add(PRODUCT, PHOTO, processed(), [PHOTO, 'other']);
    await queue.run();

    expect(uploads).toEqual(photoObjectPaths(PRODUCT, PHOTO));
    expect(attaches).toEqual([{ productId: PRODUCT, photoId: PHOTO, order: [PHOTO, 'other'] }]);
    expect(deps.attach).toHaveBeenCalledWith(PRODUCT, { id: PHOTO, width: 1600, height: 1200 }, [PHOTO, 'other']);
    expect(phases).toEqual(['waiting', 'uploading', 'attaching', 'attached']);
    // Byte shares of 100 + 200 + 400 bytes, never going back.
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress).toContain(50 / 700);
    expect(progress).toContain(300 / 700);
    expect(await deps.db.photos.count()).toBe(0);
  });

  it('after a dropped connection waits 2 s, then 4 s, and sends again only the files not yet up', async () => {
    let failures = 2;
    const uploads: string[] = [];
    const { queue, deps, timers, attaches, fireTimer, state } = harness({
      upload: vi.fn(async (path: string) => {
        uploads.push(path);
        if (path.endsWith('-800.webp') && failures > 0) {
          failures -= 1;
          throw new PhotoUploadError('network', 0, 'Network error');
        }
        return 'created' as const;
      }),
    });
    await queue.add(PRODUCT, PHOTO, processed(), null);
    await queue.run();

    expect(queue.status(PHOTO)).toMatchObject({ phase: 'waiting', progress: 100 / 700 });
    expect(timers.at(-1)?.delay).toBe(2_000);
    const stored = await deps.db.photos.get(PHOTO);
    expect(stored?.files.map((file) => file.uploaded)).toEqual([true, false, false]);
    expect(stored).toMatchObject({ attempts: 1, nextAttemptAt: state.clock + 2_000 });

    await fireTimer();
    expect(timers.at(-1)?.delay).toBe(4_000);
    await fireTimer();

    const [small, medium, large] = photoObjectPaths(PRODUCT, PHOTO);
    expect(uploads).toEqual([small, medium, medium, medium, large]);
    expect(attaches).toHaveLength(1);
    expect(queue.status(PHOTO)?.phase).toBe('attached');
    expect([1, 2, 3, 6, 7, 20].map(retryDelay)).toEqual([2_000, 4_000, 8_000, 60_000, 60_000, 60_000]);
  });

  it('treats a file already in Storage (409 Duplicate on a retry) as uploaded', async () => {
    const { queue, attaches } = harness({ upload: vi.fn(async () => 'exists' as const) });
    await queue.add(PRODUCT, PHOTO, processed(), null);
    await queue.run();
    expect(attaches).toHaveLength(1);
    expect(queue.status(PHOTO)?.phase).toBe('attached');
  });

  it('offline sends nothing and waits for the connection; once online it sends', async () => {
    const { queue, state, uploads, timers } = harness();
    state.online = false;
    await queue.add(PRODUCT, PHOTO, processed(), null);
    await queue.run();
    expect(uploads).toEqual([]);
    expect(queue.status(PHOTO)).toMatchObject({ phase: 'waiting', progress: 0 });
    // The 'online' event wakes the queue, not a timer.
    expect(timers).toEqual([]);

    state.online = true;
    await queue.run();
    expect(uploads).toHaveLength(3);
    expect(queue.status(PHOTO)?.phase).toBe('attached');
  });

  it('keeps a photo of a product not saved yet and attaches it as soon as the product is saved', async () => {
    let saved = false;
    const attaches: { productId: string; photoId: string; order: string[] | null }[] = [];
    const { queue, uploads, timers } = harness({
      attach: vi.fn(async (productId: string, photo: { id: string }, order: string[] | null) => {
        if (!saved) throw new PhotoAttachError('product_missing', 'product_not_found');
        attaches.push({ productId, photoId: photo.id, order });
        return [];
      }),
    });
    await queue.add(PRODUCT, PHOTO, processed(), null);
    await queue.run();
    expect(uploads).toHaveLength(3);
    expect(queue.status(PHOTO)).toMatchObject({ phase: 'waiting', progress: 1 });
    expect(timers.at(-1)?.delay).toBe(2_000);

    saved = true;
    await queue.retryProduct(PRODUCT);
    expect(attaches).toEqual([{ productId: PRODUCT, photoId: PHOTO, order: null }]);
    // The files were not sent twice.
    expect(uploads).toHaveLength(3);
  });

  it('gives up on a product that never came to be after a week, and removes what it uploaded', async () => {
    const { queue, deps, state } = harness({
      attach: vi.fn(async () => {
        throw new PhotoAttachError('product_missing', 'product_not_found');
      }),
    });
    await queue.add(PRODUCT, PHOTO, processed(), null);
    await queue.run();
    expect(await deps.db.photos.count()).toBe(1);
    state.clock += 7 * 24 * 60 * 60 * 1000 + 1;
    await queue.run();
    expect(await deps.db.photos.count()).toBe(0);
    expect(deps.removeFiles).toHaveBeenCalledWith(photoObjectPaths(PRODUCT, PHOTO));
  });

  it('stops at a refusal (six photos already) with the reason, and tries again when asked', async () => {
    let full = true;
    const { queue, deps, timers } = harness({
      attach: vi.fn(async () => {
        if (full) throw new PhotoAttachError('too_many', 'too_many_photos');
        return [];
      }),
    });
    await queue.add(PRODUCT, PHOTO, processed(), null);
    await queue.run();
    expect(queue.status(PHOTO)).toMatchObject({ phase: 'failed', failure: 'Produkt ma już 6 zdjęć.' });
    expect(timers).toEqual([]);
    expect((await deps.db.photos.get(PHOTO))?.failure).toBe('Produkt ma już 6 zdjęć.');

    full = false;
    await queue.retry(PHOTO);
    expect(queue.status(PHOTO)?.phase).toBe('attached');
  });

  it('refused uploads (policy, type, size) are not retried', async () => {
    const { queue, timers } = harness({
      upload: vi.fn(async () => {
        throw new PhotoUploadError('refused', 403, 'new row violates row-level security policy');
      }),
    });
    await queue.add(PRODUCT, PHOTO, processed(), null);
    await queue.run();
    expect(queue.status(PHOTO)).toMatchObject({ phase: 'failed', failure: 'Serwer odrzucił to zdjęcie.' });
    expect(timers).toEqual([]);
  });

  it('attaches with the order the owner chose last', async () => {
    const { queue, state, attaches } = harness();
    state.online = false;
    await queue.add(PRODUCT, PHOTO, processed(), [PHOTO, 'b']);
    await queue.setOrder(PRODUCT, ['b', PHOTO]);
    state.online = true;
    await queue.run();
    expect(attaches[0]?.order).toEqual(['b', PHOTO]);
  });

  it('discarding a photo forgets it and removes its files from Storage; dropping a product does so for all its photos', async () => {
    let release: () => void = () => undefined;
    const { queue, deps } = harness({
      attach: vi.fn(
        () =>
          new Promise<never>((_, reject) => {
            release = () => reject(new PhotoAttachError('product_missing', 'product_not_found'));
          }),
      ),
    });
    await queue.add(PRODUCT, PHOTO, processed(), null);
    const sending = queue.run();
    await vi.waitFor(() => expect(deps.attach).toHaveBeenCalled());
    await queue.dropProduct(PRODUCT);
    release();
    await sending;
    expect(await deps.db.photos.count()).toBe(0);
    expect(deps.removeFiles).toHaveBeenCalledWith(photoObjectPaths(PRODUCT, PHOTO));
    expect(queue.status(PHOTO)).toBeUndefined();
  });

  it('after a save that may have written over a photo attached meanwhile, attaches it again with the saved order', async () => {
    const { queue, state, attaches } = harness();
    await queue.add(PRODUCT, PHOTO, processed(), null);
    await queue.run();
    const other = { id: 'bbbbbbbb-bbbb-4ccc-8ddd-eeeeeeeeeeee', width: 10, height: 10 };
    state.online = false;
    await queue.add(PRODUCT, other.id, processed(), null);

    await queue.afterSave(PRODUCT, [{ id: PHOTO, width: 1600, height: 1200 }, other], [other.id, PHOTO]);
    // The attached one again (idempotent on the server), the one still waiting not yet.
    expect(attaches).toEqual([
      { productId: PRODUCT, photoId: PHOTO, order: null },
      { productId: PRODUCT, photoId: PHOTO, order: [other.id, PHOTO] },
    ]);
  });

  it('survives a restart of the app: a new queue on the same database sends what waited', async () => {
    const first = harness();
    first.state.online = false;
    await first.queue.add(PRODUCT, PHOTO, processed(), null);

    const second = new PhotoQueue({ ...first.deps, online: () => true });
    await second.run();
    expect(first.deps.upload).toHaveBeenCalledTimes(3);
    expect(second.status(PHOTO)?.phase).toBe('attached');
  });
});

describe('what an upload answer means', () => {
  it('reads Storage answers as supabase-js does', () => {
    expect(uploadOutcome(200, '{"Key":"product-images/x"}')).toBe('created');
    expect(uploadOutcome(400, JSON.stringify({ statusCode: '409', error: 'Duplicate', message: 'The resource already exists' }))).toBe(
      'exists',
    );
    expect(uploadOutcome(409, '')).toBe('exists');
    expect(uploadOutcome(400, JSON.stringify({ statusCode: '403', error: 'Unauthorized', message: 'rls' }))).toMatchObject({
      kind: 'refused',
      status: 403,
    });
    expect(uploadOutcome(400, JSON.stringify({ statusCode: '413', message: 'too big' }))).toMatchObject({ kind: 'refused', status: 413 });
    expect(uploadOutcome(502, 'Bad gateway')).toMatchObject({ kind: 'network' });
    expect(uploadOutcome(500, JSON.stringify({ statusCode: '500' }))).toMatchObject({ kind: 'network' });
  });
});
