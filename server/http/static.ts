import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';

/** Serves the built PWA; every other non-API path answers index.html so the client router takes over. */
export function mountStatic(app: Hono, staticDir: string): void {
  const root = path.relative(process.cwd(), staticDir) || '.';
  app.use(
    '/*',
    serveStatic({
      root,
      onFound: (filePath, c) => {
        // Hashed assets never change; the shell and service worker must always be revalidated.
        if (filePath.includes('/assets/')) c.header('cache-control', 'public, max-age=31536000, immutable');
        else c.header('cache-control', 'no-cache');
      },
    }),
  );
  // The shell is read once: a build replaces it only together with a server restart (npm start).
  let shell: string | null = null;
  app.get('*', async (c) => {
    if (c.req.path.startsWith('/api/')) return c.json({ error: 'not_found', message: 'Not found' }, 404);
    shell ??= await readFile(path.join(staticDir, 'index.html'), 'utf8').catch(() => null);
    if (shell === null) return c.text('The app is not built: run `npm run build` (npm start does this).', 503);
    c.header('cache-control', 'no-cache');
    return c.html(shell);
  });
}
