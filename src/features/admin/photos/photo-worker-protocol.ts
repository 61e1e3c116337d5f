import type { PhotoFailureReason, ProcessedPhoto } from './photo-pipeline.ts';

/** What the page sends the photo worker: one camera file per worker. */
export interface PhotoJob {
  file: Blob;
}

/** What the worker answers (a Blob crosses as a handle; its bytes are not copied). */
export type PhotoReply = { ok: true; photo: ProcessedPhoto } | { ok: false; reason: PhotoFailureReason; message: string };
