/**
 * Recognises failures to load a code-split chunk (a new deployment removed the old files, or the
 * connection dropped): browsers word it differently.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading chunk .* failed/i.test(
    error.message,
  );
}

export class ChunkLoadTimeoutError extends Error {
  override name = 'ChunkLoadError';
  constructor(ms: number) {
    super(`Loading chunk failed: no answer within ${Math.round(ms / 1000)} s`);
  }
}

/** Rejects with a chunk-load error when `promise` takes longer than `ms` (01 §9: 120 s). */
export function withChunkTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeoutError(ms)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
