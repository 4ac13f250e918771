import { Duplex } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import type { Hono, MiddlewareHandler } from 'hono';

/**
 * Compression of API answers (issue 25): pull pages, lists and GraphQL answers leave compressed with
 * brotli (quality 4: most of brotli's gain at gzip's cost) or gzip (level 6), whichever the client
 * accepts, brotli first. The body is compressed as it streams, so a pull page starts leaving before
 * its last document is serialised. Not compressed:
 *   - answers under 1 KB (by their length, or by reading the first kilobyte when they carry none): the
 *     headers and the compressor cost more than the gain;
 *   - the live stream (text/event-stream): every poke must leave at once, not wait for a block;
 *   - bodies that are compressed already (PDF, images, office files, archives): by content type;
 *   - sign-in, token, two-step and password answers (`/api/oauth/`, `/api/auth/`): they carry
 *     secrets beside values the caller chose, the shape BREACH needs (docs/security.md).
 */
export const COMPRESS_MIN_BYTES = 1024;
const COMPRESSIBLE = /^(application\/(json|graphql-response\+json|xml|javascript)|text\/(?!event-stream))/i;
const SECRET_PATHS = /^\/api\/(oauth|auth)\//;

type Encoding = 'br' | 'gzip';

/** The encoding to answer with: brotli when the client accepts it, else gzip, else none (q=0 refuses). */
export function chooseEncoding(acceptEncoding: string | null | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const of = (name: string) => weights.get(name) ?? (weights.has('*') ? (weights.get('*') ?? 0) : 0);
  if (of('br') > 0) return 'br';
  if (of('gzip') > 0) return 'gzip';
  return null;
}

function compressor(encoding: Encoding) {
  const stream =
    encoding === 'br'
      ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } })
      : createGzip({ level: 6 });
  return Duplex.toWeb(stream) as unknown as ReadableWritablePair<Uint8Array, Uint8Array>;
}

/**
 * Reads a body until `min` bytes or its end. Answers the bytes read when it ended before (`body`
 * null), or else a body that replays them and streams the rest.
 */
async function peek(stream: ReadableStream<Uint8Array>, min: number): Promise<{ head: Uint8Array<ArrayBuffer>; body: ReadableStream<Uint8Array> | null }> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) {
      const head = new Uint8Array(size);
      let at = 0;
      for (const chunk of chunks) {
        head.set(chunk, at);
        at += chunk.length;
      }
      return { head, body: null };
    }
    chunks.push(value);
    size += value.length;
    if (size >= min) break;
  }
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return { head: new Uint8Array(0), body };
}

export const compressAnswers: MiddlewareHandler = async (c, next) => {
  await next();
  const method = c.req.method;
  if (method === 'HEAD' || method === 'OPTIONS') return;
  if (SECRET_PATHS.test(c.req.path)) return;
  const res = c.res;
  // Status and headers first: reading `body` turns the node server's lightweight answer (a string
  // written straight to the socket) into a streamed one, which a small answer need not pay for.
  if (res.status === 204 || res.status === 206 || res.status === 304 || res.status < 200) return;
  if (res.headers.has('content-encoding') || res.headers.has('transfer-encoding')) return;
  const length = res.headers.get('content-length');
  if (length !== null && Number(length) < COMPRESS_MIN_BYTES) return;
  if (!COMPRESSIBLE.test(res.headers.get('content-type') ?? '')) return;
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get('cache-control') ?? '')) return;
  if (!res.body) return;
  const { head, body } = await peek(res.body, COMPRESS_MIN_BYTES);
  const encoding = body === null ? null : chooseEncoding(c.req.header('accept-encoding'));
  // The old body is read (locked) now: the answer is rebuilt from what was read, never through
  // c.header(), which would rebuild it from the locked body. Hono copies the old answer's headers
  // onto the new one, so the length is removed after.
  const vary = res.headers.get('vary');
  c.res = new Response(body === null ? head : encoding ? body.pipeThrough(compressor(encoding)) : body, { status: res.status, statusText: res.statusText, headers: res.headers });
  if (vary !== '*' && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? '')) c.res.headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  if (!encoding) return;
  c.res.headers.delete('content-length');
  c.res.headers.set('content-encoding', encoding);
  const etag = c.res.headers.get('etag');
  if (etag && !etag.startsWith('W/')) c.res.headers.set('etag', `W/${etag}`);
};

/** Mounts the compression of every answer under /api/ (before the routes, so it wraps them). */
export function mountCompression(app: Hono): void {
  app.use('/api/*', compressAnswers);
}
