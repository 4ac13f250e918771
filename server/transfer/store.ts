import * as v from 'valibot';
import type { Queryable } from '../db/db';
import type { SecretBox } from '../auth/secret-box';
import {
  defaultTransferForm,
  isImportKind,
  PARTICIPANT_TARGETS,
  type ParticipantTarget,
  TRANSFER_KINDS,
  TransferFormSchema,
  type TransferForm,
  type TransferKind,
  type TransferSettings,
} from '../../src/domain/transfer/settings';

/** A stored transfer setting as the server reads it (secrets still encrypted). */
export interface TransferRow {
  id: number;
  uuid: string;
  company_id: number;
  /** Ours, read from the table's direction and kind (see DB_KIND). */
  kind: TransferKind;
  label: string;
  settings: Record<string, unknown>;
  secrets: string | null;
  schedule: string;
  updated_by: number | null;
  updated_at: Date;
}

interface Secrets {
  clientSecret: string;
  privateKey: string;
}

/** The table's (direction, kind) of each of our kinds (002_domain.sql). */
export const DB_KIND: Record<TransferKind, { direction: 'import' | 'export'; kind: 'standard' | 'flexible' | 'eva-instruments' }> = {
  flexibleImporter: { direction: 'import', kind: 'flexible' },
  importer: { direction: 'import', kind: 'standard' },
  exporter: { direction: 'export', kind: 'standard' },
  instrumentImporter: { direction: 'import', kind: 'eva-instruments' },
};
const DB_BEHAVIOUR = { importAndUpdate: 'import_and_update', importOnly: 'import_only', updateOnly: 'update_only' } as const;

export function kindOf(direction: string, kind: string): TransferKind {
  return (Object.entries(DB_KIND).find(([, d]) => d.direction === direction && d.kind === kind)?.[0] as TransferKind | undefined) ?? (direction === 'export' ? 'exporter' : 'importer');
}

/** The columns of a transfer row as TransferRow names them. */
export const TRANSFER_COLUMNS = 't.id, t.uuid, t.company_id, t.direction, t.kind AS db_kind, t.label, t.settings, t.secrets_encrypted AS secrets, t.schedule, t.behaviour, t.updated_by, t.updated_at';

export function toTransferRow(r: Record<string, unknown>): TransferRow {
  return { ...(r as unknown as TransferRow), kind: kindOf(String(r.direction), String(r.db_kind)) };
}

export async function findTransfer(db: Queryable, companyId: number, id: unknown, forUpdate = false): Promise<TransferRow | null> {
  if (typeof id !== 'string' && typeof id !== 'number') return null;
  if (!/^\d{1,15}$/.test(String(id))) return null;
  const { rows } = await db.query<TransferRow>(
    `SELECT ${TRANSFER_COLUMNS} FROM transfer_settings t WHERE t.id = $1 AND t.company_id = $2 AND t.deleted_at IS NULL${forUpdate ? ' FOR UPDATE' : ''}`,
    [Number(id), companyId],
  );
  return rows[0] ? toTransferRow(rows[0] as unknown as Record<string, unknown>) : null;
}

function openSecrets(box: SecretBox, stored: string | null): Secrets {
  if (!stored) return { clientSecret: '', privateKey: '' };
  const plain = box.decrypt(stored);
  if (plain === null) return { clientSecret: '', privateKey: '' };
  try {
    const parsed = JSON.parse(plain) as Partial<Secrets>;
    return { clientSecret: parsed.clientSecret ?? '', privateKey: parsed.privateKey ?? '' };
  } catch {
    return { clientSecret: '', privateKey: '' };
  }
}

/** The stored settings merged over the defaults of the kind (fields added later read as their default). */
function withDefaults(row: TransferRow): TransferSettings {
  const base = defaultTransferForm(row.kind).settings;
  const s = { ...(row.settings as Partial<TransferSettings> & Record<string, unknown>) };
  // Older rows (the demo seed) hold the mapping as {target: source} and paging as {type, size}.
  if (s.mapping && !Array.isArray(s.mapping)) {
    s.mapping = Object.entries(s.mapping as Record<string, unknown>)
      .filter((e): e is [string, string] => typeof e[1] === 'string' && (PARTICIPANT_TARGETS as readonly string[]).includes(e[0]))
      .map(([target, source]) => ({ source, target: target as ParticipantTarget }));
  }
  const oldPaging = s.pagination as { type?: unknown; size?: unknown } | undefined;
  if (oldPaging && 'type' in oldPaging) {
    s.pagination = { ...base.pagination, mode: oldPaging.type === 'page' ? 'page' : 'none', parameter: oldPaging.type === 'page' ? 'page' : '', pageSize: typeof oldPaging.size === 'number' ? oldPaging.size : 100 };
  }
  if (typeof s.reactivateHiddenParticipants === 'boolean' && s.reactivateHidden === undefined) s.reactivateHidden = s.reactivateHiddenParticipants;
  if (s.defaultProjectId === undefined && (typeof s.defaultProject === 'number' || typeof s.defaultProject === 'string')) s.defaultProjectId = String(s.defaultProject);
  delete s.reactivateHiddenParticipants;
  delete s.defaultProject;
  return {
    ...base,
    ...s,
    kind: row.kind,
    oauth: { ...base.oauth, ...(s.oauth ?? {}) },
    pagination: { ...base.pagination, ...(s.pagination ?? {}) },
  };
}

/** What GET transfer/{id} answers: the settings without secrets, with whether each secret is stored. */
export function publicForm(row: TransferRow, box: SecretBox): TransferForm {
  const settings = withDefaults(row);
  const secrets = openSecrets(box, row.secrets);
  return {
    label: row.label,
    settings: {
      ...settings,
      oauth: { ...settings.oauth, clientSecret: '', clientSecretStored: secrets.clientSecret !== '' },
      privateKey: '',
      privateKeyStored: secrets.privateKey !== '',
    },
  };
}

/** The settings with their secrets opened, for a run. */
export function runnableSettings(row: TransferRow, box: SecretBox): TransferSettings {
  const settings = withDefaults(row);
  const secrets = openSecrets(box, row.secrets);
  return { ...settings, oauth: { ...settings.oauth, clientSecret: secrets.clientSecret }, privateKey: secrets.privateKey };
}

export type SaveOutcome = { ok: true; id: number; created: boolean } | { ok: false; status: 400 | 404; reason: string; params?: Record<string, unknown> };

/**
 * PUT transfer/{id} (id "new" creates): validates with the screens' schema, keeps a stored secret when
 * the field comes empty, encrypts secrets, checks the default project and notified roles belong here.
 */
export async function saveTransfer(
  tx: Queryable,
  box: SecretBox,
  companyId: number,
  userId: number,
  id: string,
  body: unknown,
  issueReason: (issues: readonly v.BaseIssue<unknown>[]) => { reason: string; params?: Record<string, unknown> },
): Promise<SaveOutcome> {
  const existing = id === 'new' ? null : await findTransfer(tx, companyId, id, true);
  if (id !== 'new' && !existing) return { ok: false, status: 404, reason: 'transfer.errors.notFound' };
  const stored = existing ? openSecrets(box, existing.secrets) : { clientSecret: '', privateKey: '' };
  // A "stored" flag counts only when there really is a stored secret.
  const claimed = body as { settings?: { oauth?: { clientSecretStored?: unknown }; privateKeyStored?: unknown } } | null;
  if (claimed?.settings) {
    if (claimed.settings.oauth && typeof claimed.settings.oauth === 'object') claimed.settings.oauth.clientSecretStored = stored.clientSecret !== '';
    claimed.settings.privateKeyStored = stored.privateKey !== '';
  }
  const parsed = v.safeParse(TransferFormSchema, body);
  if (!parsed.success) return { ok: false, status: 400, ...issueReason(parsed.issues) };
  const { label, settings } = parsed.output;
  if (!(TRANSFER_KINDS as readonly string[]).includes(settings.kind)) return { ok: false, status: 400, reason: 'transfer.errors.kindInvalid' };
  if (existing && existing.kind !== settings.kind) return { ok: false, status: 400, reason: 'transfer.errors.kindInvalid' };
  if (settings.defaultProjectId) {
    const { rows } = await tx.query('SELECT 1 FROM projects WHERE id = $1 AND company_id = $2 AND deleted_at IS NULL', [Number(settings.defaultProjectId), companyId]);
    if (!rows.length) return { ok: false, status: 400, reason: 'reasons.projectNotFound' };
  }
  if (settings.notifyRoles.length) {
    const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM acl_roles WHERE id = ANY($1::bigint[])', [settings.notifyRoles]);
    if ((rows[0]?.n ?? 0) !== new Set(settings.notifyRoles).size) return { ok: false, status: 400, reason: 'transfer.errors.roleInvalid' };
  }
  const secrets: Secrets = {
    clientSecret: settings.oauth.enabled ? settings.oauth.clientSecret || stored.clientSecret : '',
    privateKey: settings.useKeys ? settings.privateKey || stored.privateKey : '',
  };
  const plain = { ...settings, oauth: { ...settings.oauth, clientSecret: '', clientSecretStored: false }, privateKey: '', privateKeyStored: false };
  const sealed = secrets.clientSecret || secrets.privateKey ? box.encrypt(JSON.stringify(secrets)) : null;
  if (existing) {
    await tx.query(
      `UPDATE transfer_settings SET label = $2, settings = $3, secrets_encrypted = $4, updated_by = $5, behaviour = $7,
              schedule_since = CASE WHEN schedule = $6 THEN schedule_since ELSE now() END, schedule = $6
        WHERE id = $1`,
      [existing.id, label, JSON.stringify(plain), sealed, userId, settings.schedule, isImportKind(settings.kind) ? DB_BEHAVIOUR[settings.behaviour] : null],
    );
    return { ok: true, id: Number(existing.id), created: false };
  }
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO transfer_settings (company_id, direction, kind, label, settings, secrets_encrypted, schedule, updated_by, behaviour)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [companyId, DB_KIND[settings.kind].direction, DB_KIND[settings.kind].kind, label, JSON.stringify(plain), sealed, settings.schedule, userId,
      isImportKind(settings.kind) ? DB_BEHAVIOUR[settings.behaviour] : null],
  );
  return { ok: true, id: Number(rows[0]?.id), created: true };
}

export interface RunRow {
  id: number;
  transfer_id: number;
  trigger: 'schedule' | 'manual';
  state: 'running' | 'succeeded' | 'failed';
  started_at: Date;
  finished_at: Date | null;
  rows_read: number;
  created: number;
  updated: number;
  skipped: number;
  refused: number;
  refusals: { row: number; key: string | null; reason: string; field?: string | null }[];
  error: string | null;
}

/** A run as REST and GraphQL answer it. */
export function runJson(r: RunRow) {
  return {
    id: String(r.id),
    transferId: String(r.transfer_id),
    trigger: r.trigger,
    state: r.state,
    startedAt: r.started_at.toISOString(),
    finishedAt: r.finished_at ? r.finished_at.toISOString() : null,
    rowsRead: r.rows_read,
    created: r.created,
    updated: r.updated,
    skipped: r.skipped,
    refused: r.refused,
    refusals: r.refusals,
    error: r.error,
  };
}
export type RunJson = ReturnType<typeof runJson>;
