import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS } from '@teamcast/contracts';
import { ChunkLoadError, loadChunk } from './lazy-chunk.ts';

afterEach(() => vi.useRealTimers());

describe('lazy chunks', () => {
  it('gives up after 120 s with a timeout error', async () => {
    vi.useFakeTimers();
    const pending = loadChunk(() => new Promise(() => {}));
    const outcome = pending.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).reason).toBe('timeout');
  });

  it('turns a failed download into a chunk error, and passes a loaded module through', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')))).rejects.toMatchObject({ reason: 'failed' });
    await expect(loadChunk(() => Promise.resolve('screen'))).resolves.toBe('screen');
  });
});
