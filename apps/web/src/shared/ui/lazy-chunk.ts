import { CHUNK_TIMEOUT_MS } from '@teamcast/contracts';

/** A screen's code could not be loaded: it took longer than the limit, or the request failed (offline, new release). */
export class ChunkLoadError extends Error {
  constructor(readonly reason: 'timeout' | 'failed') {
    super(`chunk ${reason}`);
    this.name = 'ChunkLoadError';
  }
}

/** Loads a lazy chunk, giving up after `timeoutMs` (120 s by default, spec section 9) with a ChunkLoadError. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs: number = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        console.error('chunk load failed', error);
        reject(new ChunkLoadError('failed'));
      },
    );
  });
}
