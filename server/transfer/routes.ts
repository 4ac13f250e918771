import * as v from 'valibot';
import type { Hono } from 'hono';
import type { Db } from '../db/db';
import type { Config } from '../config';
import { declare, type RouteParams } from '../http/route-rules';
import type { Queryable } from '../db/db';
import type { Viewer } from '../auth/viewer';
import { audit } from '../auth/audit';
import { secretBoxFor } from '../auth/secret-box';
import { clientIp } from '../http/client-ip';
import { firstIssueReason } from '../../src/domain/shared/issue-reason';
import { proposeMapping, ScannerRequestSchema, TransferFormSchema, type ScannerAnswer } from '../../src/domain/transfer/settings';
import { findRowsElement } from '../../src/domain/transfer/parse';
import { readSourceDocument } from './parse-document';
import { DEFAULT_MAX_BYTES, DEFAULT_TIMEOUT_MS, outbound, OutboundError, SCANNER_MAX_BYTES, type OutboundPolicy } from './outbound';
import { findTransfer, publicForm, runJson, saveTransfer, type RunRow } from './store';
import { queueRunNow, TransferScheduler } from './scheduler';

export function transferPolicy(config: Config, maxBytes = DEFAULT_MAX_BYTES): OutboundPolicy {
  return { privateHosts: config.transferPrivateHosts, timeoutMs: DEFAULT_TIMEOUT_MS, maxBytes };
}

const schedulers = new WeakMap<Db, TransferScheduler>();
/** The scheduler of this process for a database (main.ts starts it; "run now" kicks it). */
export function transferScheduler(db: Db, config: Config): TransferScheduler {
  let s = schedulers.get(db);
  if (!s) {
    s = new TransferScheduler({ db, box: secretBoxFor(config), policy: transferPolicy(config) });
    schedulers.set(db, s);
  }
  return s;
}

const MAX_BODY = 200_000;
const issueReason = (issues: readonly v.BaseIssue<unknown>[]) => {
  const { reason, params } = firstIssueReason(issues);
  return { reason, ...(params ? { params: params as Record<string, unknown> } : {}), ...(issues[0]?.path ? { path: issues[0].path.map((p) => String(p.key)).join('.') } : {}) };
};

/**
 * Import and export REST (02 §7):
 *   POST /api/transfer/endpoint-scanner     a sample of the URL and the field mapping it suggests
 *   GET  /api/transfer/{id}                 {id, kind, label, settings} (secrets never answered)
 *   PUT  /api/transfer/{id}                 {label, settings}; "new" creates
 *   DELETE /api/transfer/{id}
 *   POST /api/transfer/{id}/run             "run now": 202 {jobId}; 409 when one waits or runs already
 *   GET  /api/transfer/{id}/runs?page=&per_page=   the run log, newest first
 * View: privilege view on transfer; everything else: edit on transfer (administrators, the chronos account).
 */
export function mountTransferRoutes(app: Hono, db: Db, config: Config): void {
  const box = () => secretBoxFor(config);
  const deps = { db, config };
  const VIEW = { privilege: 'view', resource: 'transfer' } as const;
  const EDIT = { privilege: 'edit', resource: 'transfer' } as const;
  /** The transfer of the path, in the viewer's company (administrators and the chronos account: transferSettingsScope). */
  const transferIn = (q: Queryable, viewer: Viewer, params: RouteParams) => findTransfer(q, viewer.companyId, params.id);
  const common = { scope: 'company', forbidden: 'admin.errors.forbidden', notFound: 'transfer.errors.notFound' } as const;

  declare(app, deps, { method: 'POST', path: '/api/transfer/endpoint-scanner', access: EDIT, ...common, handlerBody: ScannerRequestSchema }, async (c) => {
    const body: unknown = await c.req.json().catch(() => null);
    const parsed = v.safeParse(ScannerRequestSchema, body);
    if (!parsed.success) return c.json({ error: 'invalid_request', messageKey: issueReason(parsed.issues).reason, ...issueReason(parsed.issues) }, 400);
    const q = parsed.output;
    const url = new URL(q.url);
    const params = Object.fromEntries(q.parameters.map((p) => [p.name, p.value]));
    if (q.method === 'GET') for (const [k, val] of Object.entries(params)) url.searchParams.set(k, val);
    try {
      const answer = await outbound(
        {
          url: url.toString(),
          method: q.method,
          host: url.hostname,
          headers: { ...Object.fromEntries(q.headers.map((h) => [h.name.toLowerCase(), h.value])), ...(q.method === 'POST' ? { 'content-type': 'application/json' } : {}) },
          ...(q.method === 'POST' ? { body: JSON.stringify(params) } : {}),
        },
        transferPolicy(config, SCANNER_MAX_BYTES),
      );
      if (answer.status >= 400) return c.json({ error: 'source_error', messageKey: 'transfer.errors.httpStatus', params: { status: answer.status } }, 422);
      const doc = await readSourceDocument(answer.body, answer.contentType, q.format, q.sourceElement);
      if (!doc.ok) return c.json({ error: 'source_error', messageKey: doc.reason }, 422);
      const sample = doc.rows.slice(0, 50);
      const seen = new Set<string>();
      for (const row of sample) for (const key of Object.keys(row)) seen.add(key);
      const paths = [...seen];
      const sourceElement = doc.format === 'json' ? (q.sourceElement || findRowsElement(doc.doc) || '$') : '$';
      const result: ScannerAnswer = {
        format: doc.format,
        sourceElement,
        rows: doc.rows.length,
        fields: paths.slice(0, 200).map((path) => ({ path, sample: sample.find((r) => r[path] != null)?.[path]?.slice(0, 100) ?? null })),
        mapping: proposeMapping(paths),
      };
      return c.json(result);
    } catch (error) {
      if (error instanceof OutboundError) return c.json({ error: 'source_error', messageKey: error.reason }, error.reason === 'transfer.errors.privateAddress' || error.reason === 'transfer.errors.urlInvalid' ? 400 : 422);
      throw error;
    }
  });

  declare(app, deps, { method: 'GET', path: '/api/transfer/:id', access: VIEW, ...common, load: transferIn }, (c, { object: row }) => {
    return c.json({ id: String(row.id), kind: row.kind, ...publicForm(row, box()), updatedAt: row.updated_at.toISOString() });
  });

  // "new" creates; an existing id is loaded in the company inside saveTransfer's transaction (404 otherwise). The body: size first, then the form's schema.
  declare(app, deps, { method: 'PUT', path: '/api/transfer/:id', access: EDIT, ...common, handlerBody: TransferFormSchema }, async (c, { viewer, params }) => {
    const id = params.id ?? '';
    if (id !== 'new' && !/^\d{1,15}$/.test(id)) return c.json({ error: 'not_found', messageKey: 'transfer.errors.notFound' }, 404);
    const text = await c.req.text();
    if (text.length > MAX_BODY) return c.json({ error: 'invalid_request', messageKey: 'transfer.errors.tooLarge' }, 413);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return c.json({ error: 'invalid_request', messageKey: 'reasons.invalidField' }, 400);
    }
    const outcome = await db.transaction(async (tx) => {
      const saved = await saveTransfer(tx, box(), viewer.companyId, viewer.userId, id, body, issueReason);
      if (saved.ok) {
        await audit(tx, { viewer, ...(saved.created ? { action: 'transfer.add' } : { action: 'transfer.edit' }), subjectType: 'transfer', subjectId: saved.id, ip: clientIp(c) });
      }
      return saved;
    });
    if (!outcome.ok) return c.json({ error: outcome.status === 404 ? 'not_found' : 'invalid_request', messageKey: outcome.reason, ...outcome }, outcome.status);
    return c.json({ id: String(outcome.id), created: outcome.created }, outcome.created ? 201 : 200);
  });

  declare(app, deps, { method: 'DELETE', path: '/api/transfer/:id', access: EDIT, ...common, load: transferIn }, async (c, { viewer, object }) => {
    const done = await db.transaction(async (tx) => {
      // locked again in the transaction: deleted meanwhile answers 404
      const row = await findTransfer(tx, viewer.companyId, object.id, true);
      if (!row) return false;
      await tx.query("UPDATE transfer_settings SET deleted_at = now(), schedule = 'never' WHERE id = $1", [row.id]);
      await tx.query("UPDATE transfer_jobs SET state = 'failed' WHERE transfer_id = $1 AND state = 'queued'", [row.id]);
      await audit(tx, { viewer, action: 'transfer.delete', subjectType: 'transfer', subjectId: row.id, ip: clientIp(c) });
      return true;
    });
    return done ? c.json({ success: true }) : c.json({ error: 'not_found', messageKey: 'transfer.errors.notFound' }, 404);
  });

  declare(app, deps, { method: 'POST', path: '/api/transfer/:id/run', access: EDIT, ...common, load: transferIn }, async (c, { viewer, object: row }) => {
    const jobId = await queueRunNow(db, Number(row.id), viewer.companyId, viewer.userId);
    if (jobId === null) return c.json({ error: 'conflict', messageKey: 'transfer.errors.alreadyRunning' }, 409);
    await audit(db, { viewer, action: 'transfer.runNow', subjectType: 'transfer', subjectId: row.id, ip: clientIp(c) });
    // Any process may claim it; this one looks at once.
    void transferScheduler(db, config).tick();
    return c.json({ jobId: String(jobId) }, 202);
  });

  declare(app, deps, { method: 'GET', path: '/api/transfer/:id/runs', access: VIEW, ...common, load: transferIn }, async (c, { object: row }) => {
    const page = Math.max(1, Math.min(10_000, Number.parseInt(c.req.query('page') ?? '1', 10) || 1));
    const perPage = Math.max(1, Math.min(100, Number.parseInt(c.req.query('per_page') ?? '10', 10) || 10));
    const { rows: total } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM transfer_runs WHERE transfer_id = $1', [row.id]);
    const { rows } = await db.query<RunRow>('SELECT * FROM transfer_runs WHERE transfer_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3', [row.id, perPage, (page - 1) * perPage]);
    // `queued`: a job is waiting or running. A claimed job is `running` before its run row exists, so counting only
    // waiting jobs let the screen take the previous run for the one it had just started.
    const { rows: pending } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM transfer_jobs WHERE transfer_id = $1 AND state IN ('queued', 'running')", [row.id]);
    return c.json({ items: rows.map(runJson), total: total[0]?.n ?? 0, page, perPage, queued: (pending[0]?.n ?? 0) > 0 });
  });
}
