import type { Hono } from 'hono';
import { can } from '../../auth/permissions';
import { isConfinedViewer } from '../../auth/confinement';
import { isCompanyAdmin, scopeOf } from '../../auth/scope';
import { raw, run, sql } from '../../db/sql';
import { transferScheduler } from '../../transfer/routes';
import { isRegistrationRestPath } from '../../../src/domain/navigation/registration-area';
import type { Declaration } from './declarations';
import type { Fixture } from './fixtures';
import type { LeakDetector } from './leaks';
import type { Snapshots } from './snapshot';
import type { Caller, World } from './world';

/** What a caller should get from a route: an answer (statuses) or a refusal (one status). */
export type Expectation = { allowed: true; statuses: readonly number[] | 'any' } | { allowed: false; status: number; why: string };

const TWO_XX = Array.from({ length: 100 }, (_, i) => 200 + i);

/** Every method and path the app mounts under /api/ (middleware and wildcards left out), each once. */
export function mountedRoutes(app: Hono): { method: string; path: string }[] {
  const seen = new Set<string>();
  return app.routes
    .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/') && !r.path.includes('*'))
    .filter((r) => !seen.has(`${r.method} ${r.path}`) && Boolean(seen.add(`${r.method} ${r.path}`)))
    .map((r) => ({ method: r.method, path: r.path }));
}

/** Whether the object a path names is in the caller's scope (the scope functions of server/auth/scope.ts). */
async function inScope(world: World, caller: Caller, target: { table: string; id: number | string }): Promise<boolean> {
  const viewer = caller.viewer;
  if (!viewer) return false;
  if (target.table === 'device') {
    const { rows } = await world.db.query<{ user_id: string }>('SELECT user_id::text FROM devices WHERE id = $1::uuid AND company_id = $2', [target.id, viewer.companyId]);
    const device = rows[0];
    return device !== undefined && viewer.chain.length === 0 && (device.user_id === String(viewer.userId) || isCompanyAdmin(viewer));
  }
  if (target.table === 'imitation') {
    const { rows } = await world.db.query('SELECT 1 FROM user_imitation_options WHERE user_id = $1 AND target_user_id = $2 AND company_id = $3', [viewer.userId, target.id, viewer.companyId]);
    return rows.length > 0;
  }
  const key = typeof target.id === 'string' ? sql`t.uuid = ${target.id}::uuid` : sql`t.id = ${target.id}`;
  const { rows } = await run(world.db, sql`SELECT 1 FROM ${raw(`"${target.table}"`)} t WHERE ${key} AND ${scopeOf(target.table)(viewer, 't')}`);
  return rows.length > 0;
}

/** The expectation from the declaration: public, else 401 / confined 403 / permission 403 / scope 404 / the answer. */
export async function expectationOf(world: World, declaration: Declaration, fixture: Fixture, caller: Caller, path: string): Promise<Expectation> {
  if (declaration.access === 'public') return { allowed: true, statuses: 'any' };
  const viewer = caller.viewer;
  if (!viewer) return { allowed: false, status: 401, why: 'anonymous' };
  if (isConfinedViewer(viewer) && !isRegistrationRestPath(path.split('?')[0] ?? path)) return { allowed: false, status: 403, why: 'confined to the registration area' };
  const access = declaration.access;
  if (typeof access === 'object' && !can(viewer, access.privilege, access.resource, caller.flags)) {
    return { allowed: false, status: 403, why: `no ${access.privilege} on ${access.resource}` };
  }
  const target = fixture.target?.(world.targets);
  if (target && !(await inScope(world, caller, target))) return { allowed: false, status: fixture.outOfScope ?? 404, why: `${target.table} ${target.id} outside scope` };
  return { allowed: true, statuses: fixture.ok ?? TWO_XX };
}

export interface CallResult {
  status: number;
  text: string;
  /** rows of the touched tables that changed, as `table#id added|changed|removed` */
  changed: string[];
  /** changed rows outside the caller's scope */
  outside: string[];
  /** company tables that changed besides the touched ones (after those were put back) */
  elsewhere: string[];
  /** companies of the audit rows the call wrote */
  auditCompanies: (number | null)[];
  /** organisations of the rows the call changed */
  changedCompanies: (number | null)[];
  leaks: string[];
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cf00000301010018dd8db00000000049454e44ae426082', 'hex');
const TEXTUAL = /json|text|csv|javascript/;

/** One call of a route as a caller, with the database compared before and after (and put back after an allowed write). */
export async function callRoute(
  world: World,
  snapshots: Snapshots,
  detector: LeakDetector,
  method: string,
  fixture: Fixture,
  caller: Caller,
  index: number,
  /** compare every other company table too (writes; a read's route is compared once around all its calls) */
  everyTable: boolean,
): Promise<CallResult> {
  const { db, app } = world;
  const token = fixture.freshSession ? await world.freshToken(caller.name) : caller.token;
  const headers: Record<string, string> = { 'x-forwarded-for': `10.38.${index % 250}.${(index >> 8) + 1}` };
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (fixture.multipart) {
    const form = new FormData();
    form.set('file', new File([PNG], 'matrix.png', { type: 'image/png' }));
    body = form;
  } else if (fixture.body) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(fixture.body(world.targets));
  }
  const touches = fixture.touches ?? [];
  const { rows: audit } = await db.query<{ n: string | null }>('SELECT max(id)::text AS n FROM audit_log');
  const auditBefore = audit[0]?.n ?? '0';
  const before = await snapshots.rows(touches);
  const mark = await snapshots.mark();

  Object.assign(headers, fixture.headers?.(world.targets, caller.name) ?? {});
  const res = await app.request(fixture.path(world.targets), { method, headers, ...(body === undefined ? {} : { body }) });
  let text = '';
  if (fixture.stream) await res.body?.cancel();
  else if (TEXTUAL.test(res.headers.get('content-type') ?? '')) text = await res.text();
  else await res.arrayBuffer();
  if (fixture.after === 'transfer-run') await transferScheduler(db, world.config).tick();

  const after = await snapshots.rows(touches);
  const changes = snapshots.diff(before, after);
  const outside = caller.viewer ? await snapshots.outsideScope(caller.viewer, changes) : changes;
  const elsewhere = everyTable ? await snapshots.writtenSince(mark, touches) : [];
  if (changes.length) await snapshots.restore(before, changes);
  const { rows: audits } = await db.query<{ company_id: number | null }>('SELECT company_id FROM audit_log WHERE id > $1::bigint ORDER BY id', [auditBefore]);
  return {
    status: res.status,
    text,
    changed: changes.map((c) => `${c.table}#${c.id} ${c.kind}`),
    outside: outside.map((c) => `${c.table}#${c.id} ${c.kind}`),
    elsewhere,
    auditCompanies: audits.map((a) => (a.company_id === null ? null : Number(a.company_id))),
    changedCompanies: [...new Set(changes.map((c) => (c.company === null ? null : Number(c.company))))],
    leaks: caller.viewer && text ? await detector.leaks(caller.viewer, text, fixture.reach ?? 'scope') : [],
  };
}

/** What is wrong with a call's result given its expectation (empty: as declared). */
export function judge(expectation: Expectation, fixture: Fixture, caller: Caller, method: string, result: CallResult, isPublic: boolean): string[] {
  const problems: string[] = [];
  if (result.status >= 500) problems.push(`answered ${result.status}`);
  if (expectation.allowed) {
    if (expectation.statuses !== 'any' && !expectation.statuses.includes(result.status)) problems.push(`expected an answer (${expectation.statuses.length > 3 ? '2xx' : expectation.statuses.join('/')}), got ${result.status} ${result.text.slice(0, 160)}`);
  } else if (result.status !== expectation.status) {
    problems.push(`expected ${expectation.status} (${expectation.why}), got ${result.status} ${result.text.slice(0, 160)}`);
  }
  if (result.leaks.length) problems.push(`answered rows outside the caller's scope: ${result.leaks.slice(0, 5).join(', ')}`);
  if (result.elsewhere.length) problems.push(`changed tables it does not declare: ${result.elsewhere.join(', ')}`);
  const wrote = result.changed.length > 0;
  if (wrote && (!expectation.allowed || isPublic)) problems.push(`a refused call changed rows: ${result.changed.slice(0, 5).join(', ')}`);
  if (wrote && expectation.allowed && result.outside.length) problems.push(`changed rows outside the caller's scope: ${result.outside.slice(0, 5).join(', ')}`);
  const own = caller.viewer?.companyId;
  if (!isPublic && own !== undefined && result.auditCompanies.some((c) => c !== own)) problems.push(`wrote audit rows in organisation ${result.auditCompanies.join(', ')} (caller's: ${own})`);
  if (wrote && expectation.allowed && method !== 'GET' && !fixture.noAudit && result.auditCompanies.length === 0) problems.push('an allowed write left no audit row');
  // the audit row of a change lives in the organisation of what changed (its administrator reads it there)
  if (wrote && result.auditCompanies.some((c) => !result.changedCompanies.includes(c))) {
    problems.push(`wrote its audit row in organisation ${result.auditCompanies.join(', ')}, changed rows of organisation ${result.changedCompanies.join(', ')}`);
  }
  return problems;
}
