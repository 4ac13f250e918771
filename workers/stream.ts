import type { CollectionName } from '../src/domain/sync/collections';

export const STREAM_ENDPOINT = '/api/v2/stream';

export interface PokeStreamOptions {
  baseUrl?: string;
  fetchFn?: typeof fetch;
  headers?: () => Record<string, string>;
  /** Called on every poke with the collections that changed. */
  onPoke: (collections: CollectionName[]) => void;
  /** Called when the stream is (re)connected: pokes may have been missed, so pull everything. */
  onOpen: () => void;
  /** Called when the server refuses the stream (401): the session is gone. */
  onRefused: (code: string) => void;
  random?: () => number;
}

/**
 * The live poke stream (GET /api/v2/stream) read with fetch, which works in dedicated workers of
 * every browser we serve and sends the session cookie. Reconnects with backoff; close() ends it.
 */
export function openPokeStream(options: PokeStreamOptions): { close(): void } {
  const fetchFn = options.fetchFn ?? ((input, init) => fetch(input, init));
  const random = options.random ?? Math.random;
  let closed = false;
  let controller: AbortController | null = null;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const handleEvent = (block: string) => {
    let event = 'message';
    let data = '';
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data += line.slice(5).trim();
    }
    if (event === 'ready') {
      failures = 0;
      options.onOpen();
    } else if (event === 'poke') {
      try {
        const parsed = JSON.parse(data) as { collections?: CollectionName[] };
        options.onPoke(parsed.collections ?? []);
      } catch {
        options.onPoke([]);
      }
    }
  };

  const connect = async (): Promise<void> => {
    controller = new AbortController();
    try {
      const res = await fetchFn(`${options.baseUrl ?? ''}${STREAM_ENDPOINT}`, {
        credentials: 'include',
        headers: { accept: 'text/event-stream', ...(options.headers?.() ?? {}) },
        signal: controller.signal,
      });
      if (res.status === 401 || res.status === 403) {
        const body = (await res.json().catch(() => null)) as { errors?: { extensions?: { code?: string } }[] } | null;
        options.onRefused(body?.errors?.[0]?.extensions?.code ?? 'access_denied');
        return;
      }
      if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value.replace(/\r\n/g, '\n');
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          handleEvent(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      // dropped or offline: reconnect below
    }
    if (closed) return;
    failures++;
    const delay = Math.min(60_000, 1_000 * 2 ** Math.min(failures, 6)) * (0.5 + random() / 2);
    timer = setTimeout(() => void connect(), delay);
  };

  void connect();
  return {
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      controller?.abort();
    },
  };
}
