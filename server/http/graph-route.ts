import type { Hono } from 'hono';
import type { Db } from '../db/db';
import type { Config } from '../config';
import { createGraph } from '../graph/yoga';
import { isJsonContentType, readJsonBody } from '../graph/fast-path';
import { authenticateRequest } from '../auth/authenticate';
import { authSettings } from '../auth/settings';
import { authGraphError, type AuthGraphContext } from '../auth/graph-gate';
import { uploadContentProblem } from './upload-content';
import { clientIp } from './client-ip';
import { identityChangedBody, identityMismatch } from '../sync/identity';

/**
 * POST /api/v2/graph: JSON {query, variables}, or multipart with a `query` part
 * (and optional `variables` JSON part) and a `file` part for uploads (01 §7).
 * The viewer is the effective user (impersonation applied). Which operations a request may run
 * for its authentication state is decided per operation by useAuthGate (server/auth/graph-gate.ts).
 */
export function mountGraph(app: Hono, db: Db, config: Config): void {
  const { yoga, fast } = createGraph(config);
  app.on(['GET', 'POST', 'OPTIONS'], '/api/v2/graph', async (c) => {
    let request = c.req.raw;
    let upload: File | null = null;
    const type = c.req.header('content-type') ?? '';
    // Only JSON and multipart bodies; GET parameters must be what they claim (yoga would throw on broken JSON).
    if (c.req.method === 'POST' && !type.startsWith('application/json') && !type.startsWith('multipart/form-data')) {
      return c.json({ errors: [{ message: 'Send the query as application/json (or multipart/form-data with a file).', extensions: { code: 'BAD_REQUEST' } }] }, 415);
    }
    if (c.req.method === 'GET') {
      for (const name of ['variables', 'extensions']) {
        const value = c.req.query(name);
        if (value === undefined) continue;
        try {
          JSON.parse(value);
        } catch {
          return c.json({ errors: [{ message: `The ${name} parameter is not valid JSON.`, extensions: { code: 'BAD_REQUEST' } }] }, 400);
        }
      }
    }
    // Authenticate before any body is read: an anonymous or refused request never gets its multipart parsed.
    const auth = await authenticateRequest(db, c.req.raw, authSettings(config));
    if (c.req.method === 'POST' && type.startsWith('multipart/form-data')) {
      if (auth.kind !== 'viewer') {
        const error = authGraphError(auth.kind === 'anonymous' ? 'no_current_user' : auth.code, auth.kind === 'error' ? auth.hint : undefined);
        return c.json({ data: null, errors: [error.toJSON()] }, 200);
      }
      let form: FormData;
      try {
        form = await c.req.raw.formData();
      } catch {
        return c.json({ errors: [{ message: 'The multipart body could not be read.', extensions: { code: 'BAD_REQUEST' } }] }, 400);
      }
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
      if (upload && (await uploadContentProblem(upload))) {
        return c.json({ errors: [{ message: 'messages.errors.fileTypeNotAllowed', extensions: { code: 'messages.errors.fileTypeNotAllowed', reason: 'messages.errors.fileTypeNotAllowed' } }] }, 400);
      }
      const headers = new Headers(c.req.raw.headers);
      headers.set('content-type', 'application/json');
      headers.delete('content-length');
      request = new Request(c.req.url, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
    }
    // A session that still owes its second factor or a password change keeps its viewer: the gate lets it reach only what that step needs.
    const viewer = auth.kind === 'viewer' || auth.kind === 'mfa_pending' || auth.kind === 'password_pending' ? auth.viewer : null;
    // A sync worker started for someone else than this session is now: refuse (server/sync/identity.ts).
    if (identityMismatch(c.req.raw, viewer)) return c.json(identityChangedBody, 409);
    const context: AuthGraphContext = { db, config, viewer, ip: clientIp(c), request: c.req.raw, upload, auth };
    // The hot operations (the sync's pulls, the unread badge) skip yoga's request pipeline (server/graph/fast-path.ts, issue 25).
    if (config.graphFastPath && c.req.method === 'POST' && request === c.req.raw && isJsonContentType(c.req.header('content-type') ?? null) && fast.mayHold(c.req.header('content-length'))) {
      const body = await readJsonBody(request);
      const answer = body.ok ? fast.answer(body.value, request, context) : null;
      if (answer) return answer;
    }
    return yoga.fetch(request, context);
  });
}
