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
import { sessionStore } from '../../lib/session/session-store';
import { queueFileWrite } from '../../lib/replica/queued-writes';

export type ActionResult = { ok: true } | { ok: false; error: string };

const invalid = (issues: readonly { message: string }[]): ActionResult => ({ ok: false, error: issues[0]?.message ?? 'portal.validation.invalid' });

/**
 * Every portal write is a declared write through the sync outbox (docs/decisions-portal.md): stored at
 * once with the user's other changes, sent in order exactly once, by one tab at a time.
 */
export async function saveWidgetOrder(page: WidgetPage, widgets: readonly WidgetId[]): Promise<ActionResult> {
  await syncApi().portal.setWidgetOrder({ page, widgets: [...widgets] });
  return { ok: true };
}

export async function saveDisplaySettings(input: Omit<DisplaySettings, 'notificationTimeout'> & { notificationTimeout: unknown }): Promise<ActionResult> {
  const parsed = v.safeParse(DisplaySettingsSchema, input);
  if (!parsed.success) return invalid(parsed.issues);
  setDisplaySettings(parsed.output);
  await syncApi().portal.setDisplaySettings(parsed.output);
  return { ok: true };
}

export async function savePreferences(input: CommunicationPreferences): Promise<ActionResult> {
  const parsed = v.safeParse(CommunicationPreferencesSchema, input);
  if (!parsed.success) return invalid(parsed.issues);
  await syncApi().portal.setCommunicationPreferences(parsed.output);
  return { ok: true };
}

/**
 * Queues a document with its bytes (offline too): shown at once in the list, sent when online. A file
 * that is too large, or that the device has no room to keep, is refused here and nothing is queued.
 */
export async function addDocument(file: File, participantId: number | null): Promise<ActionResult> {
  const check = checkDocumentFile(file);
  if (!check.ok) return { ok: false, error: check.reason };
  const input = { uuid: uuidv7(), name: file.name || 'document', ...(participantId === null ? {} : { participantId }) };
  const parsed = v.safeParse(AddDocumentSchema, input);
  if (!parsed.success) return invalid(parsed.issues);
  const user = sessionStore.user;
  const owner = participantId ?? user?.participantId ?? 0;
  const queued = await queueFileWrite('portal.addDocument', { uuid: parsed.output.uuid, name: parsed.output.name, ...(participantId === null ? {} : { participantId }) }, file, parsed.output.name, {
    participantId: owner,
    userId: user?.id ?? 0,
    size: file.size,
    mime: file.type || 'application/octet-stream',
  });
  return queued.ok ? { ok: true } : { ok: false, error: queued.reason };
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
  const queued = await queueFileWrite('portal.setPicture', parsed.output, blob, blob.type === 'image/png' ? `${kind}.png` : `${kind}.jpg`);
  if (!queued.ok) return { ok: false, error: queued.reason };
  await cachePicture(parsed.output.uuid, blob);
  return { ok: true };
}
