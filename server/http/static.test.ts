import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountStatic, pickEncoding } from './static';

let dir: string;
let app: Hono;
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const html = `<!doctype html><html><body><div id="root"></div>${'<!-- pad -->'.repeat(100)}</body></html>`;

function writeWithCompressed(file: string, content: string): void {
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(content));
  writeFileSync(`${file}.gz`, gzipSync(content));
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'werkpad-static-'));
  mkdirSync(path.join(dir, 'assets'));
  writeWithCompressed(path.join(dir, 'assets', 'index-AbC123de.js'), script);
  writeWithCompressed(path.join(dir, 'index.html'), html);
  writeWithCompressed(path.join(dir, 'service-worker.js'), script);
  app = new Hono();
  mountStatic(app, dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const get = (p: string, acceptEncoding?: string) => app.request(p, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
const body = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe('static assets (issue 9)', () => {
  it('sends the brotli file to a browser that accepts it, cached as immutable', async () => {
    const res = await get('/assets/index-AbC123de.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toContain('Accept-Encoding');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(brotliDecompressSync(await body(res)).toString()).toBe(script);
  });

  it('sends gzip when brotli is not accepted, and the plain file when nothing is', async () => {
    const gz = await get('/assets/index-AbC123de.js', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(await body(gz)).toString()).toBe(script);
    const plain = await get('/assets/index-AbC123de.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect((await body(plain)).toString()).toBe(script);
  });

  it('revalidates the service worker and the shell on every load', async () => {
    const sw = await get('/service-worker.js', 'br');
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(sw.headers.get('content-encoding')).toBe('br');
    const index = await get('/', 'gzip');
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect(gunzipSync(await body(index)).toString()).toBe(html);
  });

  it('answers client routes (sign-in) with the compressed shell', async () => {
    const login = await get('/login', 'gzip, deflate, br');
    expect(login.status).toBe(200);
    expect(login.headers.get('content-encoding')).toBe('br');
    expect(login.headers.get('content-type')).toMatch(/text\/html/);
    expect(login.headers.get('cache-control')).toBe('no-cache');
    expect(brotliDecompressSync(await body(login)).toString()).toBe(html);
    const plain = await get('/login');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(html);
    expect((await get('/api/nothing', 'br')).status).toBe(404);
  });

  it.each<[string | undefined, 'br' | 'gzip' | null]>([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip;q=1.0, br;q=0', 'gzip'],
    ['identity', null],
    ['*', 'br'],
    [undefined, null],
  ])('picks the encoding for %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});
