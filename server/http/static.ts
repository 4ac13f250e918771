import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Context, Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';

/** Hashed file names (vite's assets/, workbox's runtime): their content never changes. */
const HASHED = /\/assets\/|\/workbox-[0-9a-f]{8}\.js/;

type Encoding = 'br' | 'gzip' | null;

/** The best encoding the client accepts of those built beside every file (brotli, then gzip). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => accepted.get(name) ?? (accepted.get('*') ?? 0);
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

interface Shell {
  identity: string;
  br: Buffer | null;
  gzip: Buffer | null;
}

async function readShell(staticDir: string): Promise<Shell | null> {
  const file = path.join(staticDir, 'index.html');
  const identity = await readFile(file, 'utf8').catch(() => null);
  if (identity === null) return null;
  const [br, gzip] = await Promise.all([readFile(`${file}.br`).catch(() => null), readFile(`${file}.gz`).catch(() => null)]);
  return { identity, br, gzip };
}

function sendShell(c: Context, shell: Shell): Response {
  c.header('cache-control', 'no-cache');
  c.header('vary', 'Accept-Encoding');
  const encoding = pickEncoding(c.req.header('accept-encoding'));
  const body = encoding === 'br' ? shell.br : encoding === 'gzip' ? shell.gzip : null;
  if (!body || !encoding) return c.html(shell.identity);
  c.header('content-type', 'text/html; charset=UTF-8');
  c.header('content-encoding', encoding);
  return c.body(new Uint8Array(body));
}

/**
 * Serves the built PWA: the brotli or gzip file the build wrote beside each asset (by
 * Accept-Encoding), hashed files cached for a year as immutable, the shell and the service worker
 * revalidated on every load. Every other non-API path answers index.html so the client router takes over.
 */
export function mountStatic(app: Hono, staticDir: string): void {
  const root = path.relative(process.cwd(), staticDir) || '.';
  // Set before serveStatic builds its response (headers set in its onFound come too late).
  app.use('/*', async (c, next) => {
    c.header('cache-control', HASHED.test(c.req.path) ? 'public, max-age=31536000, immutable' : 'no-cache');
    await next();
  });
  app.use('/*', serveStatic({ root, precompressed: true }));
  // The shell is read once: a build replaces it only together with a server restart (npm start).
  let shell: Shell | null = null;
  app.get('*', async (c) => {
    if (c.req.path.startsWith('/api/')) return c.json({ error: 'not_found', message: 'errors.notFound', messageKey: 'errors.notFound' }, 404);
    shell ??= await readShell(staticDir);
    if (shell === null) return c.text('The app is not built: run `npm run build` (npm start does this).', 503);
    return sendShell(c, shell);
  });
}
