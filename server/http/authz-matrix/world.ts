import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Hono } from 'hono';
import { createApp } from '../../app';
import { loadConfig, type Config } from '../../config';
import { createSession } from '../../auth/session';
import { authenticateRequest } from '../../auth/authenticate';
import { authSettings } from '../../auth/settings';
import { loadViewerFlags, type ViewerFlags } from '../../auth/permissions';
import type { Viewer } from '../../auth/viewer';
import { seedDemoIfEmpty } from '../../db/seed';
import { createTestDb } from '../../test/db';
import { TEST_SECRET_KEY } from '../../test/auth';
import { filesDir } from '../../messages/files';
import { DEVICE_HEADER } from '../../auth/device-key-shares';
import { signedDownloadPath } from '../../work-plans/files';
import { PARTICIPANT_DOCUMENT_KIND } from '../../../src/domain/portal/documents';
import { PICTURE_FILE_KIND } from '../../../src/domain/portal/pictures';
import { WORK_PLAN_FILE_KIND } from '../../../src/domain/work-plan-files/files';
import { ATTACHMENT_FILE_KIND } from '../../messages/mutations';
import type { Db } from '../../db/db';

/**
 * The world of the REST authorization matrix (issue 38): one app on the demo seed (two organisations), a
 * signed-in session per caller, and the organisation-1 objects every route's path parameters point at.
 * The demo seed has no stored files, avatar or logo: they are added here (bytes on disk in a temporary data directory).
 */

/** Who calls: anonymous, each staff role of organisation 1, organisation 2, a participant and the confined self-registered one. */
export const CALLERS = ['anonymous', 'admin', 'manager', 'coach', 'expert', 'admin2', 'coach2', 'participant', 'aanmelder'] as const;
export type CallerName = (typeof CALLERS)[number];

export interface Caller {
  name: CallerName;
  /** null for anonymous */
  token: string | null;
  viewer: Viewer | null;
  flags: ViewerFlags;
}

/** Organisation-1 objects the path parameters name. */
export interface Targets {
  org1: number;
  org2: number;
  dashboardId: number;
  widgetId: number;
  transferId: number;
  /** a participant of organisation 1 outside the demo coach's caseload */
  participantId: number;
  blueprintId: number;
  /** a staff user of organisation 1 with an avatar */
  avatarUserId: number;
  attachmentUuid: string;
  workPlanFileUuid: string;
  documentUuid: string;
  pictureUuid: string;
  /** a signed download link of the work-plan file, signed by organisation 1's administrator */
  signedPath: string;
  /** a device of organisation 1's coach (another user's object for everyone else) */
  deviceId: string;
  /** the device each caller calls from (x-werkpad-device), on the routes about the caller's own device */
  callerDevices: Record<CallerName, string>;
  /** the import's settings form as GET /api/transfer/:id answers it to its administrator (a valid PUT body) */
  transferForm: unknown;
}

export interface World {
  app: Hono;
  db: Db;
  config: Config;
  callers: Map<CallerName, Caller>;
  targets: Targets;
  /** A new session of a caller (for routes that end the session they are called with). */
  freshToken(name: CallerName): Promise<string | null>;
  close(): Promise<void>;
}

const one = async <T>(db: Db, text: string, params: unknown[] = []): Promise<T> => {
  const { rows } = await db.query<Record<string, unknown>>(text, params);
  const row = rows[0];
  if (!row) throw new Error(`authz matrix fixture missing: ${text}`);
  return Object.values(row)[0] as T;
};

export async function createWorld(): Promise<World> {
  const db = await createTestDb();
  await seedDemoIfEmpty(db);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'werkpad-authz-'));
  const config = loadConfig({
    WERKPAD_STATIC_DIR: '/nonexistent',
    WERKPAD_DEV_TOOLS: '0',
    WERKPAD_DATA_DIR: dataDir,
    PUBLIC_URL: 'https://werkpad.test',
    WERKPAD_SECRET_KEY: TEST_SECRET_KEY,
    WERKPAD_GRAPH_RATE_LIMIT: '0',
  });
  const app = createApp({ db, config });

  const userOf = async (username: string) => {
    const { rows } = await db.query<{ id: number; company_id: number }>('SELECT id, company_id FROM users WHERE username = $1', [username]);
    if (!rows[0]) throw new Error(`no demo user ${username}`);
    return { id: Number(rows[0].id), companyId: Number(rows[0].company_id) };
  };
  const freshToken = async (name: CallerName): Promise<string | null> =>
    name === 'anonymous' ? null : (await createSession(db, await userOf(name), { mfaValidated: true })).token;

  const callers = new Map<CallerName, Caller>();
  for (const name of CALLERS) {
    const token = await freshToken(name);
    let viewer: Viewer | null = null;
    if (token) {
      const auth = await authenticateRequest(db, new Request('https://werkpad.test/api/navigation', { headers: { authorization: `Bearer ${token}` } }), authSettings(config));
      if (auth.kind !== 'viewer') throw new Error(`session of ${name} is not usable: ${auth.kind}`);
      viewer = auth.viewer;
    }
    callers.set(name, { name, token, viewer, flags: viewer ? await loadViewerFlags(db, viewer) : {} });
  }

  const admin = await userOf('admin');
  const coach = await userOf('coach');
  const org1 = admin.companyId;
  const org2 = (await userOf('admin2')).companyId;
  // No transfer runs by schedule while the matrix runs, and a run started by hand stops at the address guard (no network).
  await db.query(
    `UPDATE transfer_settings SET schedule = 'never', settings = jsonb_set(settings, '{url}', '"https://127.0.0.1/werkpad-matrix"')`,
  );
  const participantId = await one<number>(db, 'SELECT id FROM participants WHERE company_id = $1 AND coach_id <> $2 AND user_id IS NULL AND deleted_at IS NULL ORDER BY id LIMIT 1', [org1, coach.id]);
  const participantUser = await userOf('participant');
  const ownParticipant = await one<number>(db, 'SELECT id FROM participants WHERE user_id = $1', [participantUser.id]);
  const dashboardId = await one<number>(db, "SELECT id FROM dashboards WHERE company_id = $1 AND name = 'Mijn caseload'", [org1]);
  const widgetId = await one<number>(db, 'SELECT id FROM widgets WHERE dashboard_id = $1 ORDER BY sort_order LIMIT 1', [dashboardId]);
  const transferId = await one<number>(db, "SELECT id FROM transfer_settings WHERE company_id = $1 AND direction = 'import' ORDER BY id LIMIT 1", [org1]);
  const blueprintId = await one<number>(db, 'SELECT id FROM blueprints WHERE company_id = $1 ORDER BY id LIMIT 1', [org1]);
  const message = await one<number>(db, 'SELECT id FROM messages WHERE company_id = $1 AND deleted_at IS NULL ORDER BY id LIMIT 1', [org1]);
  const workPlan = await one<number>(db, 'SELECT id FROM work_plans WHERE company_id = $1 AND participant_id = $2 AND deleted_at IS NULL ORDER BY id LIMIT 1', [org1, ownParticipant]);

  await mkdir(filesDir(dataDir), { recursive: true });
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cf00000301010018dd8db00000000049454e44ae426082', 'hex');
  const file = async (kind: number, links: { participant_id?: number; work_plan_id?: number; message_id?: number; user_id?: number }, name: string): Promise<string> => {
    const uuid = randomUUID();
    await writeFile(path.join(filesDir(dataDir), uuid), png);
    await db.query(
      `INSERT INTO files (uuid, company_id, kind, name, mime, size, storage_key, sha256, user_id, participant_id, work_plan_id, message_id)
       VALUES ($1::uuid, $2, $3, $4, 'image/png', $5, $10::text, 'matrix', $6, $7, $8, $9)`,
      [uuid, org1, kind, name, png.length, links.user_id ?? admin.id, links.participant_id ?? null, links.work_plan_id ?? null, links.message_id ?? null, uuid],
    );
    return uuid;
  };
  const attachmentUuid = await file(ATTACHMENT_FILE_KIND, { message_id: message }, 'bijlage.png');
  const workPlanFileUuid = await file(WORK_PLAN_FILE_KIND, { work_plan_id: workPlan, participant_id: ownParticipant }, 'werkplan.png');
  const documentUuid = await file(PARTICIPANT_DOCUMENT_KIND, { participant_id: participantId }, 'document.png');
  const pictureUuid = await file(PICTURE_FILE_KIND.profile, { participant_id: ownParticipant, user_id: participantUser.id }, 'foto.png');
  await db.query('INSERT INTO user_avatars (user_id, company_id, mime, data) VALUES ($1, $2, $3, $4)', [coach.id, org1, 'image/png', png]);
  const deviceId = randomUUID();
  await db.query('INSERT INTO devices (id, company_id, user_id, user_agent) VALUES ($1::uuid, $2, $3, $4)', [deviceId, org1, coach.id, 'matrix']);
  const callerDevices = Object.fromEntries(CALLERS.map((name) => [name, randomUUID()])) as Record<CallerName, string>;
  // Each caller's device is known before the matrix: the auth middleware records a device the first time it sees it.
  for (const [name, caller] of callers) {
    if (caller.token) await app.request('/api/navigation', { headers: { authorization: `Bearer ${caller.token}`, [DEVICE_HEADER]: callerDevices[name] } });
  }
  const expires = Math.floor(Date.now() / 1000) + 3600;
  const signedPath = signedDownloadPath(config, workPlanFileUuid, admin.id, expires);
  const form = await app.request(`/api/transfer/${transferId}`, { headers: { authorization: `Bearer ${callers.get('admin')?.token ?? ''}` } });
  if (form.status !== 200) throw new Error(`transfer form: ${form.status}`);
  const { label, settings } = (await form.json()) as { label: unknown; settings: unknown };

  return {
    app,
    db,
    config,
    callers,
    freshToken,
    targets: { org1, org2, dashboardId, widgetId, transferId, participantId, blueprintId, avatarUserId: coach.id, attachmentUuid, workPlanFileUuid, documentUuid, pictureUuid, signedPath, deviceId, callerDevices, transferForm: { label, settings } },
    async close() {
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
