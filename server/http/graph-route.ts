import type { Hono } from 'hono';
import type { Db } from '../db/db';
import type { Config } from '../config';
import { createGraph } from '../graph/yoga';
import { authenticateRequest } from '../auth/authenticate';
import { authSettings } from '../auth/settings';
import type { AuthGraphContext } from '../auth/graph-gate';
import { clientIp } from './client-ip';
import { identityChangedBody, identityMismatch } from '../sync/identity';

/**
 * POST /api/v2/graph: JSON {query, variables}, or multipart with a `query` part
 * (and optional `variables` JSON part) and a `file` part for uploads (01 §7).
 * The viewer is the effective user (impersonation applied). Which operations a request may run
 * for its authentication state is decided per operation by useAuthGate (server/auth/graph-gate.ts).
 */
export function mountGraph(app: Hono, db: Db, config: Config): void {
  const yoga = createGraph(config);
  app.on(['GET', 'POST', 'OPTIONS'], '/api/v2/graph', async (c) => {
    let request = c.req.raw;
    let upload: File | null = null;
    const type = c.req.header('content-type') ?? '';
    if (c.req.method === 'POST' && type.startsWith('multipart/form-data')) {
      const form = await c.req.raw.formData();
      const query = form.get('query');
      if (typeof query !== 'string') {
        return c.json({ errors: [{ message: 'Multipart graph requests need a query part.' }] }, 400);
      }
      const variablesPart = form.get('variables');
      let variables: unknown = {};
      if (typeof variablesPart === 'string' && variablesPart) {
        try {
          variables = JSON.parse(variablesPart);
        } catch {
          return c.json({ errors: [{ message: 'The variables part is not valid JSON.' }] }, 400);
        }
      }
      const file = form.get('file');
      upload = file instanceof File ? file : null;
      const headers = new Headers(c.req.raw.headers);
      headers.set('content-type', 'application/json');
      headers.delete('content-length');
      request = new Request(c.req.url, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
    }
    const auth = await authenticateRequest(db, c.req.raw, authSettings(config));
    // A session that still owes its second factor or a password change keeps its viewer: the gate lets it reach only what that step needs.
    const viewer = auth.kind === 'viewer' || auth.kind === 'mfa_pending' || auth.kind === 'password_pending' ? auth.viewer : null;
    // A sync worker started for someone else than this session is now: refuse (server/sync/identity.ts).
    if (identityMismatch(c.req.raw, viewer)) return c.json(identityChangedBody, 409);
    const context: AuthGraphContext = { db, config, viewer, ip: clientIp(c), request: c.req.raw, upload, auth };
    return yoga.fetch(request, context);
  });
}
