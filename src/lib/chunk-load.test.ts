import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadTimeoutError, isChunkLoadError, withChunkTimeout } from './chunk-load';

describe('isChunkLoadError', () => {
  it.each<[string, unknown, boolean]>([
    ['chromium', new TypeError('Failed to fetch dynamically imported module: http://x/assets/a.js'), true],
    ['firefox', new TypeError('error loading dynamically imported module: http://x/a.js'), true],
    ['safari', new TypeError('Importing a module script failed.'), true],
    ['vite css preload', new Error('Unable to preload CSS for /assets/a.css'), true],
    ['timeout', new ChunkLoadTimeoutError(120_000), true],
    ['other error', new Error('boom'), false],
    ['not an error', 'Failed to fetch dynamically imported module', false],
  ])('%s', (_name, error, expected) => {
    expect(isChunkLoadError(error)).toBe(expected);
  });
});

describe('withChunkTimeout', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('passes a value through', async () => {
    await expect(withChunkTimeout(Promise.resolve(3), 1000)).resolves.toBe(3);
  });

  it('rejects with a chunk-load error after the timeout', async () => {
    vi.useFakeTimers();
    const pending = withChunkTimeout(new Promise<number>(() => undefined), 120_000);
    const assertion = expect(pending).rejects.toSatisfy(isChunkLoadError);
    await vi.advanceTimersByTimeAsync(120_000);
    await assertion;
  });
});
