import { useEffect, useState } from 'react';
import type { AnyRouter } from '@tanstack/react-router';
import { CHUNK_LOAD_TIMEOUT_MS } from '../domain/shared/constants';
import { ChunkLoadTimeoutError } from '../lib/chunk-load';

/**
 * Chunk loading times out after 120 s (01 §9): when a navigation has not resolved by then (its
 * code-split chunk never arrived), this answers a chunk-load error for the app to show.
 */
export function useChunkWatchdog(router: AnyRouter, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): ChunkLoadTimeoutError | null {
  const [error, setError] = useState<ChunkLoadTimeoutError | null>(null);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    };
    const unsubscribeStart = router.subscribe('onBeforeLoad', () => {
      stop();
      timer = setTimeout(() => setError(new ChunkLoadTimeoutError(timeoutMs)), timeoutMs);
    });
    const unsubscribeEnd = router.subscribe('onResolved', stop);
    return () => {
      stop();
      unsubscribeStart();
      unsubscribeEnd();
    };
  }, [router, timeoutMs]);

  return error;
}
