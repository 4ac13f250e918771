/**
 * The wage-value writes from the screens: each one declared write through the sync worker
 * (src/domain/wage-value/writes.ts): validated, applied to the replica at once, queued in the outbox
 * and pushed exactly once when online. The server's refusals and conflicts come back on the outbox row
 * (shown in the wizard and on the pending-changes page).
 */
import { graphRequest } from '../../lib/api/client';
import { checkSettingsAnswer } from './settings-answer';
import { syncApi } from '../../lib/sync-client';
import type { SaveMeasurementInput, PlanInput, PlanNoteInput, SettingsInput } from '../../domain/wage-value/schemas';
import type { SaveMeasurementExtra } from '../../domain/wage-value/writes';

export interface QueueAnswer {
  /** Queued (the client mutation id), or refused before queueing with the first issue's reason. */
  queued: boolean;
  reason: string | null;
}

function firstReason(error: unknown): string {
  if (error instanceof Error) {
    try {
      const issues = JSON.parse(error.message) as { message?: string }[];
      const m = issues[0]?.message;
      if (typeof m === 'string' && m.startsWith('wageValue.')) return m;
    } catch {
      // not an input refusal
    }
  }
  return 'wageValue.actions.failed';
}

async function queue(call: () => Promise<string>): Promise<QueueAnswer> {
  try {
    await call();
    return { queued: true, reason: null };
  } catch (error) {
    return { queued: false, reason: firstReason(error) };
  }
}

export const wageValueActions = {
  saveMeasurement: (input: SaveMeasurementInput, extra: SaveMeasurementExtra) => queue(() => syncApi().wageValue.saveMeasurement(input, extra)),
  setStatus: (uuid: string, status: 'definitive' | 'cancelled') => queue(() => syncApi().wageValue.setStatus({ uuid, status })),
  deleteMeasurement: (uuid: string) => queue(() => syncApi().wageValue.deleteMeasurement({ uuid })),
  addPlan: (input: PlanInput) => queue(() => syncApi().wageValue.addPlan(input)),
  updatePlan: (input: PlanInput) => queue(() => syncApi().wageValue.updatePlan(input)),
  deletePlan: (uuid: string) => queue(() => syncApi().wageValue.deletePlan({ uuid })),
  addNote: (input: PlanNoteInput, extra: { planId?: number; createdByUserId?: number }) => queue(() => syncApi().wageValue.addNote(input, extra)),
  updateNote: (input: PlanNoteInput) => queue(() => syncApi().wageValue.updateNote(input)),
  deleteNote: (uuid: string) => queue(() => syncApi().wageValue.deleteNote({ uuid })),
  saveSettings: (input: SettingsInput) => queue(() => syncApi().wageValue.saveSettings(input)),
};

/** The stored report of a definitive measurement (file kind 18). */
export async function downloadDefinitiveReport(measurementUuid: string): Promise<{ name: string; blob: Blob } | null> {
  const data = await graphRequest<{ wageValueReport: { name: string; base64: string } | null }>(
    'query($u: String!) { wageValueReport(measurementUuid: $u) { name base64 } }', { u: measurementUuid });
  const file = data.wageValueReport;
  if (!file) return null;
  const bytes = Uint8Array.from(atob(file.base64), (ch) => ch.charCodeAt(0));
  return { name: file.name, blob: new Blob([bytes], { type: 'application/pdf' }) };
}

/** Answers the settings as the server holds them; lists missing is the spec's invalid-response error (02 §7, §8). */
export async function fetchServerSettings(): Promise<{ ok: true } | { ok: false; reason: string }> {
  const data = await graphRequest<{ wageValueSettings: { status?: unknown[] | null; sequence?: unknown[] | null } | null }>(
    'query { wageValueSettings { status { id } sequence { id } } }');
  return checkSettingsAnswer(data.wageValueSettings);
}

export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
