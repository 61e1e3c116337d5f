import { PhotoProcessingError, resizePhoto } from './photo-pipeline.ts';
import type { PhotoJob, PhotoReply } from './photo-worker-protocol.ts';

/**
 * The photo worker (admin only: started by process-photo.ts): decoding and
 * re-encoding a 12-megapixel photo takes seconds on a phone, which on the
 * main thread would freeze the product form and its upload progress.
 */

function reply(message: PhotoReply): void {
  postMessage(message);
}

addEventListener('message', (event: MessageEvent<PhotoJob>) => {
  resizePhoto(event.data.file).then(
    (photo) => reply({ ok: true, photo }),
    (error: unknown) =>
      reply(
        error instanceof PhotoProcessingError
          ? { ok: false, reason: error.reason, message: error.message }
          : // Anything else (out of memory in the encoder, say) is still this photo's failure, not the worker's.
            { ok: false, reason: 'undecodable', message: error instanceof Error ? error.message : String(error) },
      ),
  );
});
