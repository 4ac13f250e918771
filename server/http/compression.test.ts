import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding, compressAnswers, COMPRESS_MIN_BYTES } from './compression';
import { createAuthTestApp, signIn, tokenRequest, type AuthTestApp } from '../test/auth';

const big = { rows: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Deelnemer ${i}`, status: 'actief' })) };

/** A small app with the middleware and answers of every kind it must and must not compress. */
function probeApp(): Hono {
  const app = new Hono();
  app.use('/api/*', compressAnswers);
  app.get('/api/big', (c) => c.json(big));
  app.get('/api/small', (c) => c.json({ ok: true }));
  app.get('/api/pdf', (c) => c.body(new Uint8Array(4096), 200, { 'content-type': 'application/pdf' }));
  app.get('/api/stream', (c) => c.body(': poke\n\n'.repeat(400), 200, { 'content-type': 'text/event-stream' }));
  app.get('/api/oauth/thing', (c) => c.json(big));
  app.get('/api/streamed', () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 50; i++) controller.enqueue(new TextEncoder().encode(JSON.stringify(big.rows[i]) + '\n'));
        controller.close();
      },
    });
    return new Response(body, { headers: { 'content-type': 'application/json' } });
  });
  return app;
}

const raw = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe('compressed API answers (issue 25)', () => {
  it('chooses brotli over gzip, honours q=0 and the wildcard', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip, br;q=0')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding(undefined)).toBeNull();
  });

  it('sends a large JSON answer as brotli or gzip that decompresses to the same JSON', async () => {
    const app = probeApp();
    const plain = await app.request('/api/big');
    const plainBytes = await raw(plain);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);

    const br = await app.request('/api/big', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-length')).toBeNull();
    const brBytes = await raw(br);
    expect(JSON.parse(brotliDecompressSync(brBytes).toString())).toEqual(big);
    expect(brBytes.length * 5).toBeLessThan(plainBytes.length);

    const gz = await app.request('/api/big', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(await raw(gz)).toString())).toEqual(big);
  });

  it('compresses a streamed body of unknown length as it streams', async () => {
    const res = await probeApp().request('/api/streamed', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const lines = gunzipSync(await raw(res)).toString().trim().split('\n');
    expect(lines).toHaveLength(50);
  });

  it('leaves small answers, PDFs, the live stream and sign-in answers as they are', async () => {
    const app = probeApp();
    const headers = { 'accept-encoding': 'gzip, br' };
    const small = await app.request('/api/small', { headers });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(JSON.stringify({ ok: true }).length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(await small.json()).toEqual({ ok: true });
    for (const path of ['/api/pdf', '/api/stream', '/api/oauth/thing']) {
      const res = await app.request(path, { headers });
      expect(res.headers.get('content-encoding'), path).toBeNull();
      expect((await raw(res)).length, path).toBeGreaterThan(COMPRESS_MIN_BYTES);
    }
  });
});

describe('the real app compresses its API answers', () => {
  let t: AuthTestApp;
  beforeAll(async () => {
    t = await createAuthTestApp();
  });
  afterAll(async () => {
    await t.db.close();
  });

  it('a small graph answer carries its length, so it is judged by its headers and leaves as it is (issue 25)', async () => {
    const token = await signIn(t.app, 'admin');
    const answer = await t.app.request('/api/v2/graph', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-encoding': 'gzip, br' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    const bytes = await raw(answer);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-length')).toBe(String(bytes.length));
    expect(answer.headers.get('content-encoding')).toBeNull();
    expect(JSON.parse(bytes.toString())).toEqual({ data: { __typename: 'Query' } });
    // The headers the security middleware sets on the answer itself.
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('pragma')).toBe('no-cache');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("an administrator's navigation answer leaves compressed; the token answer does not", async () => {
    const token = await signIn(t.app, 'admin');
    const plain = await t.app.request('/api/navigation', { headers: { authorization: `Bearer ${token}` } });
    const plainBytes = await raw(plain);
    expect(plain.status).toBe(200);
    expect(plainBytes.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    const gz = await t.app.request('/api/navigation', { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, br' } });
    expect(gz.status).toBe(200);
    expect(gz.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(await raw(gz)).equals(plainBytes)).toBe(true);
    // Security headers still on the compressed answer.
    expect(gz.headers.get('cache-control')).toBe(plain.headers.get('cache-control'));

    // A GraphQL answer over 1 KB (an error naming a long field) leaves compressed too, whole.
    const field = 'x'.repeat(1500);
    const graphAnswer = await t.app.request('/api/v2/graph', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-encoding': 'gzip' },
      body: JSON.stringify({ query: `{ ${field} }` }),
    });
    expect(graphAnswer.headers.get('content-encoding')).toBe('gzip');
    const decoded = JSON.parse(gunzipSync(await raw(graphAnswer)).toString()) as { errors: { message: string }[] };
    expect(decoded.errors[0]!.message).toContain(field);

    const tokenAnswer = await tokenRequest(t.app, 'admin', undefined, '10.0.0.2', { 'accept-encoding': 'gzip, br' });
    expect(tokenAnswer.headers.get('content-encoding')).toBeNull();
  });
});
