/**
 * The portal's writes, each checked with the shared valibot schema before it is queued (the server
 * checks the same schema). Answers the first issue's i18n key when the input is not valid.
 */
import * as v from 'valibot';
import { uuidv7 } from '../../domain/sync/uuid-v7';
import { AddDocumentSchema, checkDocumentFile, DeleteDocumentSchema } from '../../domain/portal/documents';
import { CommunicationPreferencesSchema, type CommunicationPreferences } from '../../domain/portal/communication';
import { DisplaySettingsSchema, type DisplaySettings } from '../../domain/portal/display-settings';
import { checkPicture, SetPictureSchema, type PictureKind } from '../../domain/portal/pictures';
import { SetTargetSchema } from '../../domain/portal/targets';
import { WorkplaceApplicationSchema } from '../../domain/portal/workplaces';
import type { WidgetId, WidgetPage } from '../../domain/portal/widgets';
import { setDisplaySettings } from '../../lib/ui/display-settings';
import { syncApi } from '../../lib/sync-client';
import { cachePicture, scalePicture } from './pictures/picture-cache';
import { pendingDb } from './pending/pending-db';
import { pendingSession, queueWrite } from './pending/queue';

export type ActionResult = { ok: true } | { ok: false; error: string };

const invalid = (issues: readonly { message: string }[]): ActionResult => ({ ok: false, error: issues[0]?.message ?? 'portal.validation.invalid' });

/** A newer write of the same setting replaces one that still waits (it would be overwritten anyway). */
async function dropWaiting(op: 'setSettings' | 'setUserSettings' | 'setCommunicationPreferences', same: (vars: Record<string, unknown>) => boolean): Promise<void> {
  const s = pendingSession();
  if (!s) return;
  const db = pendingDb(s);
  const stale = await db.writes.where('op').equals(op).filter((w) => w.state === 'waiting' && same(w.variables)).primaryKeys();
  await db.writes.bulkDelete(stale);
}

export async function saveWidgetOrder(page: WidgetPage, widgets: readonly WidgetId[]): Promise<ActionResult> {
  await dropWaiting('setSettings', (vars) => vars.page === page);
  await queueWrite('setSettings', { page, widgets: [...widgets] });
  return { ok: true };
}

export async function saveDisplaySettings(input: Omit<DisplaySettings, 'notificationTimeout'> & { notificationTimeout: unknown }): Promise<ActionResult> {
  const parsed = v.safeParse(DisplaySettingsSchema, input);
  if (!parsed.success) return invalid(parsed.issues);
  setDisplaySettings(parsed.output);
  await dropWaiting('setUserSettings', () => true);
  await queueWrite('setUserSettings', { input: parsed.output });
  return { ok: true };
}

export async function savePreferences(input: CommunicationPreferences): Promise<ActionResult> {
  const parsed = v.safeParse(CommunicationPreferencesSchema, input);
  if (!parsed.success) return invalid(parsed.issues);
  await dropWaiting('setCommunicationPreferences', () => true);
  await queueWrite('setCommunicationPreferences', { input: parsed.output });
  return { ok: true };
}

export async function addDocument(file: File, participantId: number | null): Promise<ActionResult> {
  const check = checkDocumentFile(file);
  if (!check.ok) return { ok: false, error: check.reason };
  const input = { uuid: uuidv7(), name: file.name || 'document', ...(participantId === null ? {} : { participantId }) };
  const parsed = v.safeParse(AddDocumentSchema, input);
  if (!parsed.success) return invalid(parsed.issues);
  await queueWrite('participantAddDocument', { input: { uuid: parsed.output.uuid, name: parsed.output.name } }, { blob: file, name: parsed.output.name });
  return { ok: true };
}

export async function deleteDocument(uuid: string): Promise<ActionResult> {
  const parsed = v.safeParse(DeleteDocumentSchema, { uuid });
  if (!parsed.success) return invalid(parsed.issues);
  await syncApi().portal.deleteDocument(parsed.output);
  return { ok: true };
}

/** Declared write: the application shows at once (optimistic) and goes out through the sync worker's outbox. */
export async function applyForWorkplace(participantId: number, workplaceId: number, motivation: string): Promise<ActionResult> {
  const parsed = v.safeParse(WorkplaceApplicationSchema, { uuid: uuidv7(), workplaceId, motivation });
  if (!parsed.success) return invalid(parsed.issues);
  await syncApi().portal.applyForWorkplace(parsed.output, { participantId });
  return { ok: true };
}

/** Declared write (upsert by uuid): a new target, or a changed or achieved one. */
export async function setTarget(
  participantId: number,
  input: { uuid?: string; description: string; targetDate: string | null; achieved: boolean },
): Promise<ActionResult> {
  const parsed = v.safeParse(SetTargetSchema, { ...input, uuid: input.uuid ?? uuidv7(), targetDate: input.targetDate || null });
  if (!parsed.success) return invalid(parsed.issues);
  await syncApi().portal.setTarget({ uuid: parsed.output.uuid, description: parsed.output.description, targetDate: parsed.output.targetDate ?? null, achieved: parsed.output.achieved }, { participantId });
  return { ok: true };
}

export async function setPicture(kind: PictureKind, file: File): Promise<ActionResult> {
  const blob = await scalePicture(file);
  const check = checkPicture({ size: blob.size, type: blob.type || file.type });
  if (!check.ok) return { ok: false, error: check.reason };
  const parsed = v.safeParse(SetPictureSchema, { uuid: uuidv7(), kind });
  if (!parsed.success) return invalid(parsed.issues);
  await cachePicture(parsed.output.uuid, blob);
  await queueWrite('setUserPicture', { input: parsed.output }, { blob, name: blob.type === 'image/png' ? `${kind}.png` : `${kind}.jpg` });
  return { ok: true };
}
