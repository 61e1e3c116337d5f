import { PhotoProcessingError, resizePhoto, type ProcessedPhoto } from './photo-pipeline.ts';
import type { PhotoJob, PhotoReply } from './photo-worker-protocol.ts';

/**
 * Turns the owner's camera file into the three WebP files the shop serves
 * (the one entry the admin product form calls; the work itself is in
 * photo-pipeline.ts). It runs in a worker with OffscreenCanvas, so the form
 * stays responsive; a browser without either, or whose worker fails to
 * start, does it on the main thread instead, with the same result.
 *
 * Photos are prepared one at a time, however many the owner picks at once:
 * each needs tens of megabytes while it is decoded, which a cheap phone has
 * only once. The worker is ended after each photo, returning that memory.
 *
 * Throws PhotoProcessingError: reason 'undecodable' for a file that is not
 * an image the browser can read, 'unsupported' for a browser that cannot
 * encode WebP.
 */

export type { ProcessedPhoto, ProcessedVariant } from './photo-pipeline.ts';
export { PhotoProcessingError } from './photo-pipeline.ts';

let queue: Promise<unknown> = Promise.resolve();

export function processPhoto(file: Blob): Promise<ProcessedPhoto> {
  const result = queue.then(() => processNow(file));
  queue = result.catch(() => undefined);
  return result;
}

async function processNow(file: Blob): Promise<ProcessedPhoto> {
  if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') return resizePhoto(file);
  return (await inWorker(file)) ?? resizePhoto(file);
}

/** The photo prepared by the worker, or null when the worker itself could not run (then the main thread does it). */
function inWorker(file: Blob): Promise<ProcessedPhoto | null> {
  return new Promise((resolve, reject) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./photo-processor.worker.ts', import.meta.url), { type: 'module' });
    } catch {
      resolve(null);
      return;
    }
    const settle = (photo: ProcessedPhoto | null, error?: PhotoProcessingError) => {
      worker.terminate();
      if (error) reject(error);
      else resolve(photo);
    };
    worker.addEventListener('message', (event: MessageEvent<PhotoReply>) => {
      const reply = event.data;
      if (reply.ok) settle(reply.photo);
      else settle(null, new PhotoProcessingError(reply.message, reply.reason));
    });
    // A script that failed to load or crashed, or an answer that could not be read: the worker's failure, not the photo's.
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      settle(null);
    });
    worker.addEventListener('messageerror', () => settle(null));
    const job: PhotoJob = { file };
    worker.postMessage(job);
  });
}
