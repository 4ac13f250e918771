import * as v from 'valibot';
import type { Db, Queryable } from '../db/db';
import type { SecretBox } from '../auth/secret-box';
import { audit } from '../auth/audit';
import { serverText } from '../i18n/texts';
import { firstIssueReason } from '../../src/domain/shared/issue-reason';
import { AddParticipantSchema, identificationProblem, identificationSystemOf } from '../../src/domain/participants/participant-input';
import { parseDutchDate } from '../../src/domain/users/field-rules';
import { csvField, PARTICIPANT_EXPORT_COLUMNS } from '../../src/domain/users/export-columns';
import { atPath, type SourceRow } from '../../src/domain/transfer/parse';
import { readSourceDocument } from './parse-document';
import { isImportKind, type KeyField, type ParticipantTarget, type TransferSettings } from '../../src/domain/transfer/settings';
import { outbound, OutboundError, type OutboundPolicy } from './outbound';
import { findTransfer, runnableSettings, type TransferRow } from './store';
import { ParticipantStatus } from '../../src/domain/shared/participant-status';
import { Role } from '../../src/domain/shared/roles';

/** Rows written per transaction: a failure rolls back one batch, never half of one. */
export const IMPORT_BATCH = 100;
/** Refusals kept in a run's log (the count is always whole). */
const MAX_REFUSALS = 500;
/** Rows an import reads at most (all pages together). */
export const MAX_IMPORT_ROWS = 50_000;

export interface RunCounts {
  rowsRead: number;
  created: number;
  updated: number;
  skipped: number;
  refused: number;
  refusals: { row: number; key: string | null; reason: string; field: string | null }[];
}

const COLUMN: Record<ParticipantTarget, string> = {
  bsn: 'bsn', identification: 'identification', personalCode: 'personal_code', initials: 'initials', firstname: 'firstname', prefix: 'prefix',
  lastname: 'lastname', email: 'email', phone: 'phone', sex: 'sex', birthdate: 'birthdate', street: 'street', houseNumber: 'house_number',
  houseNumberAddition: 'house_number_addition', zipcode: 'zipcode', city: 'city', municipality: 'municipality',
};
const KEY_COLUMN: Record<KeyField, string> = { bsn: 'bsn', identification: 'identification', personalCode: 'personal_code' };

/** Source spellings of sex and dates turned into what the participant form takes. */
function normaliseValue(target: ParticipantTarget, value: string | null): string | null {
  if (value === null) return null;
  const s = value.trim();
  if (s === '') return null;
  if (target === 'sex') {
    const x = s.toLowerCase();
    if (['m', 'man', 'male', 'mannelijk'].includes(x)) return 'male';
    if (['v', 'f', 'vrouw', 'female', 'vrouwelijk'].includes(x)) return 'female';
    if (['x', 'o', 'other', 'anders'].includes(x)) return 'other';
    if (['u', 'onbekend', 'unknown'].includes(x)) return 'unknown';
    return s;
  }
  if (target === 'birthdate') {
    const iso = /^(\d{4})-(\d{2})-(\d{2})(T.*)?$/.exec(s);
    if (iso) return `${iso[3]}-${iso[2]}-${iso[1]}`;
    return s.replace(/\//g, '-');
  }
  if (target === 'bsn') return s.replace(/[\s.]/g, '');
  return s;
}

/** Updating: the form's rules, but a row need not carry every required field (only what is mapped changes). */
const ImportUpdateSchema = v.object({
  ...AddParticipantSchema.entries,
  firstname: v.optional(AddParticipantSchema.entries.firstname),
  lastname: v.optional(AddParticipantSchema.entries.lastname),
});

function mapRow(row: SourceRow, settings: TransferSettings): Partial<Record<ParticipantTarget, string | null>> {
  const out: Partial<Record<ParticipantTarget, string | null>> = {};
  for (const m of settings.mapping) out[m.target] = normaliseValue(m.target, row[m.source] ?? null);
  return out;
}

interface ImportContext {
  companyId: number;
  settings: TransferSettings;
  transferId: number;
  runId: number;
  identification: ReturnType<typeof identificationSystemOf>;
}

/** One batch in one transaction: creates and updates by the stable key, refuses what the participant form would refuse. */
async function importBatch(tx: Queryable, ctx: ImportContext, rows: readonly { index: number; row: SourceRow }[], counts: RunCounts): Promise<void> {
  // Two imports of one company never interleave their look-up and insert: no duplicates by key.
  await tx.query('SELECT pg_advisory_xact_lock(727024, $1::int)', [ctx.companyId]);
  const { settings } = ctx;
  const keyColumn = KEY_COLUMN[settings.keyField];
  const createdIds: number[] = [];
  const updatedIds: number[] = [];
  const refuse = (index: number, key: string | null, reason: string, field: string | null = null) => {
    counts.refused += 1;
    if (counts.refusals.length < MAX_REFUSALS) counts.refusals.push({ row: index, key, reason, field });
  };
  for (const { index, row } of rows) {
    const mapped = mapRow(row, settings);
    const key = mapped[settings.keyField] ?? null;
    if (!key) {
      refuse(index, null, 'transfer.refusals.keyMissing', settings.keyField);
      continue;
    }
    const { rows: found } = await tx.query<{ id: number; display: number }>(
      `SELECT id, display FROM participants WHERE company_id = $1 AND ${keyColumn} = $2 AND deleted_at IS NULL AND display <> 0 ORDER BY id LIMIT 1 FOR UPDATE`,
      [ctx.companyId, key],
    );
    const existing = found[0];
    if (existing ? settings.behaviour === 'importOnly' : settings.behaviour === 'updateOnly') {
      counts.skipped += 1;
      continue;
    }
    const parsed = v.safeParse(existing ? ImportUpdateSchema : AddParticipantSchema, mapped);
    if (!parsed.success) {
      const { reason, params } = firstIssueReason(parsed.issues);
      const field = typeof params?.field === 'string' ? params.field : (parsed.issues[0]?.path?.[0]?.key as string | undefined) ?? null;
      refuse(index, key, reason, field);
      continue;
    }
    const idProblem = identificationProblem(ctx.identification, mapped);
    if (idProblem) {
      refuse(index, key, idProblem);
      continue;
    }
    const values = Object.entries(mapped).map(([target, value]) => {
      const t = target as ParticipantTarget;
      if (value === null) return [COLUMN[t], t === 'sex' ? 'unknown' : null] as const;
      if (t === 'birthdate') return [COLUMN[t], parseDutchDate(value)] as const;
      if (t === 'zipcode') return [COLUMN[t], value.replace(/\s+/g, '').toUpperCase()] as const;
      return [COLUMN[t], value] as const;
    });
    if (existing) {
      const reactivate = existing.display === 2 && settings.reactivateHidden;
      const sets = values.map(([col], i) => `${col} = $${i + 3}`);
      const changed = values.map(([col], i) => `${col} IS DISTINCT FROM $${i + 3}${col === 'birthdate' ? '::date' : ''}`);
      if (reactivate) sets.push('display = 1');
      const { rowCount } = await tx.query(
        `UPDATE participants SET ${sets.join(', ')} WHERE id = $1 AND company_id = $2${reactivate ? '' : ` AND (${changed.join(' OR ') || 'false'})`}`,
        [existing.id, ctx.companyId, ...values.map(([, value]) => value)],
      );
      if (rowCount > 0) {
        counts.updated += 1;
        updatedIds.push(Number(existing.id));
      } else counts.skipped += 1;
      continue;
    }
    const columns = ['company_id', 'project_id', 'status_id', ...values.map(([col]) => col)];
    const { rows: inserted } = await tx.query<{ id: number }>(
      `INSERT INTO participants (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
      [ctx.companyId, settings.defaultProjectId ? Number(settings.defaultProjectId) : null, ParticipantStatus.Zero, ...values.map(([, value]) => value)],
    );
    const id = Number(inserted[0]?.id);
    createdIds.push(id);
    counts.created += 1;
    if (settings.createUsers && mapped.email) {
      // A login for the participant (role participant), when the address is no one's username yet; they set a password with "forgot password".
      const { rows: user } = await tx.query<{ id: number }>(
        `INSERT INTO users (company_id, project_id, acl_role_id, username, email, given_name, surname, password_hash)
         SELECT $1, $2, $3, $4, $4, $5, $6, NULL WHERE NOT EXISTS (SELECT 1 FROM users WHERE lower(username) = lower($4)) RETURNING id`,
        [ctx.companyId, settings.defaultProjectId ? Number(settings.defaultProjectId) : null, Role.participant, mapped.email, mapped.firstname ?? null, mapped.lastname ?? null],
      );
      if (user[0]) await tx.query('UPDATE participants SET user_id = $1 WHERE id = $2', [user[0].id, id]);
    }
  }
  if (createdIds.length || updatedIds.length) {
    // NEN 7513: which participants this import wrote (ids, not their data).
    await audit(tx, {
      action: 'transfer.import',
      companyId: ctx.companyId,
      subjectType: 'transfer',
      subjectId: ctx.transferId,
      details: { runId: ctx.runId, created: createdIds, updated: updatedIds },
    });
  }
}

async function oauthToken(settings: TransferSettings, policy: OutboundPolicy): Promise<string | null> {
  if (!settings.oauth.enabled) return null;
  const body = new URLSearchParams({ grant_type: 'client_credentials', client_id: settings.oauth.clientId, client_secret: settings.oauth.clientSecret });
  if (settings.oauth.scope) body.set('scope', settings.oauth.scope);
  const answer = await outbound(
    { url: settings.oauth.tokenUrl, method: 'POST', host: new URL(settings.oauth.tokenUrl).hostname, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: body.toString() },
    policy,
  );
  if (answer.status >= 400) throw new OutboundError('transfer.errors.tokenRefused', `token endpoint answered ${answer.status}`);
  try {
    const token = (JSON.parse(answer.body) as { access_token?: unknown }).access_token;
    if (typeof token === 'string' && token) return token;
  } catch {
    /* answered below */
  }
  throw new OutboundError('transfer.errors.tokenRefused', 'no access_token in the token answer');
}

function requestHeaders(settings: TransferSettings, token: string | null): Record<string, string> {
  const headers = Object.fromEntries(settings.headers.map((h) => [h.name.toLowerCase(), h.value]));
  if (token) headers.authorization = `Bearer ${token}`;
  return headers;
}

/** Reads every page of the source (pagination of the settings), at most maxPages and MAX_IMPORT_ROWS rows. */
export async function fetchSourceRows(settings: TransferSettings, policy: OutboundPolicy): Promise<SourceRow[]> {
  const host = new URL(settings.url).hostname;
  const token = await oauthToken(settings, policy);
  const headers = requestHeaders(settings, token);
  const { pagination } = settings;
  const out: SourceRow[] = [];
  let nextUrl: string | null = settings.url;
  for (let page = 0; page < (pagination.mode === 'none' ? 1 : pagination.maxPages) && nextUrl; page += 1) {
    const url: URL = new URL(nextUrl);
    const params: Record<string, string> = Object.fromEntries(settings.parameters.map((p) => [p.name, p.value]));
    if (pagination.mode === 'page') params[pagination.parameter] = String(page + 1);
    if (pagination.mode === 'offset') params[pagination.parameter] = String(page * pagination.pageSize);
    const fromNextLink = pagination.mode === 'next' && page > 0;
    if (settings.method === 'GET' && !fromNextLink) for (const [k, val] of Object.entries(params)) url.searchParams.set(k, val);
    const answer = await outbound(
      {
        url: url.toString(),
        method: settings.method,
        host,
        headers: settings.method === 'POST' ? { 'content-type': 'application/json', ...headers } : headers,
        ...(settings.method === 'POST' ? { body: JSON.stringify(params) } : {}),
      },
      policy,
    );
    if (answer.status >= 400) throw new OutboundError('transfer.errors.httpStatus', `the source answered ${answer.status}`);
    const doc = await readSourceDocument(answer.body, answer.contentType, settings.format, settings.sourceElement);
    if (!doc.ok) throw new OutboundError(doc.reason, doc.reason);
    out.push(...doc.rows);
    if (out.length > MAX_IMPORT_ROWS) throw new OutboundError('transfer.errors.tooManyRows', `more than ${MAX_IMPORT_ROWS} rows`);
    if (doc.rows.length === 0) break;
    if (pagination.mode === 'page' || pagination.mode === 'offset') {
      if (doc.rows.length < pagination.pageSize) break;
    } else if (pagination.mode === 'next') {
      const next = doc.format === 'json' ? atPath(doc.doc, pagination.nextElement) : null;
      nextUrl = typeof next === 'string' && next ? new URL(next, url).toString() : null;
    }
  }
  return out;
}

async function runImport(db: Db, row: TransferRow, settings: TransferSettings, runId: number, policy: OutboundPolicy, counts: RunCounts): Promise<void> {
  const rows = await fetchSourceRows(settings, policy);
  counts.rowsRead = rows.length;
  const { rows: company } = await db.query<{ settings: Record<string, unknown> }>('SELECT settings FROM companies WHERE id = $1', [row.company_id]);
  const ctx: ImportContext = { companyId: Number(row.company_id), settings, transferId: Number(row.id), runId, identification: identificationSystemOf(company[0]?.settings) };
  for (let start = 0; start < rows.length; start += IMPORT_BATCH) {
    const batch = rows.slice(start, start + IMPORT_BATCH).map((r, i) => ({ index: start + i + 1, row: r }));
    const before = { ...counts, refusals: [...counts.refusals] };
    try {
      await db.transaction((tx) => importBatch(tx, ctx, batch, counts));
    } catch (error) {
      // The batch rolled back: none of its rows counts as written.
      Object.assign(counts, before);
      throw error;
    }
    await db.query('UPDATE transfer_runs SET rows_read = $2, created = $3, updated = $4, skipped = $5, refused = $6 WHERE id = $1', [
      runId, counts.rowsRead, counts.created, counts.updated, counts.skipped, counts.refused,
    ]);
  }
}

async function runExport(db: Db, row: TransferRow, settings: TransferSettings, runId: number, policy: OutboundPolicy, counts: RunCounts): Promise<void> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT t.id, t.lastname, t.prefix, t.firstname, t.bsn, t.identification, t.birthdate::text AS birthdate, t.email, t.phone, t.street,
            concat_ws(' ', t.house_number, t.house_number_addition) AS "houseNumber", t.zipcode, t.city,
            coalesce(cs.label, s.label) AS status, trim(concat_ws(' ', c.given_name, c.surname)) AS coach,
            trim(concat_ws(' ', m.given_name, m.surname)) AS manager, p.name AS project,
            CASE t.display WHEN 1 THEN 'Zichtbaar' WHEN 2 THEN 'Verborgen' ELSE 'Verwijderd' END AS visibility
       FROM participants t
       JOIN participant_statuses s ON s.id = t.status_id
       LEFT JOIN company_statuses cs ON cs.status_id = t.status_id AND cs.company_id = t.company_id AND cs.deleted_at IS NULL
       LEFT JOIN users c ON c.id = t.coach_id LEFT JOIN users m ON m.id = t.manager_id LEFT JOIN projects p ON p.id = t.project_id
      WHERE t.company_id = $1 AND t.deleted_at IS NULL AND t.display <> 0 ORDER BY t.id`,
    [row.company_id],
  );
  counts.rowsRead = rows.length;
  const records = rows.map((r) => Object.fromEntries(PARTICIPANT_EXPORT_COLUMNS.map(([key]) => [key, r[key] === '' ? null : (r[key] ?? null)])));
  const body =
    settings.exportFormat === 'json'
      ? JSON.stringify({ participants: records })
      : `\uFEFF${PARTICIPANT_EXPORT_COLUMNS.map(([, header]) => csvField(header)).join(';')}\r\n${records.map((r) => `${PARTICIPANT_EXPORT_COLUMNS.map(([key]) => csvField(r[key])).join(';')}\r\n`).join('')}`;
  const token = await oauthToken(settings, policy);
  const url = new URL(settings.url);
  for (const p of settings.parameters) url.searchParams.set(p.name, p.value);
  const answer = await outbound(
    {
      url: url.toString(),
      method: 'POST',
      host: url.hostname,
      headers: { ...requestHeaders(settings, token), 'content-type': settings.exportFormat === 'json' ? 'application/json' : 'text/csv; charset=utf-8' },
      body,
    },
    policy,
  );
  if (answer.status >= 400) throw new OutboundError('transfer.errors.httpStatus', `the receiver answered ${answer.status}`);
  counts.updated = 0;
  counts.created = rows.length;
  await audit(db, {
    action: 'participant.export',
    companyId: Number(row.company_id),
    subjectType: 'transfer',
    subjectId: Number(row.id),
    details: { runId, format: settings.exportFormat, bsnRevealed: true, participantIds: rows.map((r) => Number(r.id)), rows: rows.length, to: url.host },
  });
}

/** Sends the run's outcome to every active user of the notified roles, from the user who saved the settings. */
async function notifyRoles(db: Db, row: TransferRow, settings: TransferSettings, outcome: { state: string; counts: RunCounts; error: string | null }): Promise<void> {
  if (!settings.notifyRoles.length || row.updated_by === null) return;
  const { rows: recipients } = await db.query<{ id: number }>(
    'SELECT id FROM users WHERE company_id = $1 AND acl_role_id = ANY($2::bigint[]) AND display = 1 AND deleted_at IS NULL',
    [row.company_id, settings.notifyRoles],
  );
  if (!recipients.length) return;
  const c = outcome.counts;
  const subject = serverText(outcome.state === 'succeeded' ? 'transferRun.subject' : 'transferRun.failedSubject', { label: row.label });
  const body = `<p>${serverText('transferRun.body', { read: c.rowsRead, created: c.created, updated: c.updated, skipped: c.skipped, refused: c.refused })}</p>${
    outcome.error ? `<p>${serverText('transferRun.error')}</p>` : ''
  }`;
  await db.transaction(async (tx) => {
    for (const r of recipients) {
      await tx.query(
        `INSERT INTO messages (uuid, client_uuid, company_id, sender_user_id, recipient_user_id, subject, body, attachments)
         VALUES (gen_random_uuid(), NULL, $1, $2, $3, $4, $5, '[]')`,
        [row.company_id, row.updated_by, r.id, subject.slice(0, 200), body],
      );
    }
  });
}

export interface RunDeps {
  db: Db;
  box: SecretBox;
  policy: OutboundPolicy;
}

/** Runs one claimed job: opens a run log row, imports or exports, closes the log, notifies. Never throws. */
export async function runJob(deps: RunDeps, job: { id: number; transfer_id: number; company_id: number; slot: Date | null }): Promise<'succeeded' | 'failed'> {
  const { db } = deps;
  const { rows: runRows } = await db.query<{ id: number }>(
    'INSERT INTO transfer_runs (job_id, transfer_id, company_id, trigger) VALUES ($1, $2, $3, $4) ON CONFLICT (company_id, job_id) DO UPDATE SET state = \'running\' RETURNING id',
    [job.id, job.transfer_id, job.company_id, job.slot ? 'schedule' : 'manual'],
  );
  const runId = Number(runRows[0]?.id);
  const counts: RunCounts = { rowsRead: 0, created: 0, updated: 0, skipped: 0, refused: 0, refusals: [] };
  let state: 'succeeded' | 'failed' = 'succeeded';
  let error: string | null = null;
  const row = await findTransfer(db, Number(job.company_id), job.transfer_id);
  let settings: TransferSettings | null = null;
  try {
    if (!row) throw new OutboundError('transfer.errors.notFound', 'the transfer was deleted');
    settings = runnableSettings(row, deps.box);
    if (row.kind === 'instrumentImporter') throw new OutboundError('transfer.errors.kindNotRunnable', 'instrument imports are not run yet');
    if (isImportKind(row.kind)) await runImport(db, row, settings, runId, deps.policy, counts);
    else await runExport(db, row, settings, runId, deps.policy, counts);
  } catch (e) {
    state = 'failed';
    error = e instanceof OutboundError ? e.reason : 'transfer.errors.runFailed';
    if (!(e instanceof OutboundError)) console.error('transfer run failed', e);
  }
  await db.query(
    `UPDATE transfer_runs SET state = $2, finished_at = now(), rows_read = $3, created = $4, updated = $5, skipped = $6, refused = $7, refusals = $8, error = $9 WHERE id = $1`,
    [runId, state, counts.rowsRead, counts.created, counts.updated, counts.skipped, counts.refused, JSON.stringify(counts.refusals), error],
  );
  if (row) await db.query('UPDATE transfer_settings SET last_run_at = now(), last_run_status = $2 WHERE id = $1', [row.id, state]);
  if (row && settings) {
    try {
      await notifyRoles(db, row, settings, { state, counts, error });
    } catch (e) {
      console.error('transfer notification failed', e);
    }
  }
  return state;
}
