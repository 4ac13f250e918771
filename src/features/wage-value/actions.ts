/**
 * The wage-value writes from the screens. Each is one of the spec's mutations with a client mutation
 * id (exactly once on the server), followed by a pull of the collections it changes.
 *
 * Interim: until the declared-writes framework (HELPERS.md) is on main, these go to the server
 * directly and need a connection; then each becomes `syncApi().wageValue.<write>(input)` (queued in the
 * outbox, applied to the replica at once, pushed when online) with the same inputs and reasons.
 */
import { graphRequest } from '../../lib/api/client';
import { syncApi } from '../../lib/sync-client';
import { uuidv7 } from '../../domain/sync/uuid-v7';
import type { CollectionName } from '../../domain/sync/collections';
import type { SaveMeasurementInput, PlanInput, PlanNoteInput, SettingsInput } from '../../domain/wage-value/schemas';

export interface WriteAnswer {
  success: boolean;
  reason: string | null;
  params: Record<string, string | number> | null;
  conflict?: { serverDocument: Record<string, unknown> | null } | null;
}

const OFFLINE: WriteAnswer = { success: false, reason: 'wageValue.actions.offline', params: null };

async function write(name: string, input: unknown, collections: CollectionName[], baseRevision?: number): Promise<WriteAnswer> {
  if (!navigator.onLine) return OFFLINE;
  try {
    const data = await graphRequest<{ r: WriteAnswer }>(
      `mutation($id: ID!, $input: JSON!, $base: Int) { r: ${name}(clientMutationId: $id, input: $input, baseRevision: $base) { success reason params conflict } }`,
      { id: uuidv7(), input, base: baseRevision ?? null },
    );
    if (data.r.success) await syncApi().sync.pullNow(collections).catch(() => undefined);
    return data.r;
  } catch {
    return navigator.onLine ? { success: false, reason: 'wageValue.actions.failed', params: null } : OFFLINE;
  }
}

const M: CollectionName[] = ['wageValueMeasurements', 'wageValueTasks', 'wageValuePlans', 'files'];
const P: CollectionName[] = ['wageValuePlans', 'wageValuePlanNotes'];
const S: CollectionName[] = ['wageValuePlanStatuses', 'wageValuePlanSequences', 'wageValueRegions', 'wageValueSettings'];

export const wageValueActions = {
  saveMeasurement: (input: SaveMeasurementInput, baseRevision?: number) => write('saveWageValueMeasurement', input, M, baseRevision),
  setStatus: (uuid: string, status: 'definitive' | 'cancelled') => write('setWageValueMeasurementStatus', { uuid, status }, M),
  deleteMeasurement: (uuid: string) => write('deleteWageValueMeasurement', { uuid }, M),
  addPlan: (input: PlanInput) => write('addWageValuePlan', input, P),
  updatePlan: (input: PlanInput) => write('updateWageValuePlan', input, P),
  deletePlan: (uuid: string) => write('deleteWageValuePlan', { uuid }, P),
  addNote: (input: PlanNoteInput) => write('addWageValuePlanNote', input, P),
  updateNote: (input: PlanNoteInput) => write('updateWageValuePlanNote', input, P),
  deleteNote: (uuid: string) => write('deleteWageValuePlanNote', { uuid }, P),
  saveSettings: (input: SettingsInput) => write('saveWageValueSettings', input, S),
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

export function checkSettingsAnswer(answer: { status?: unknown[] | null; sequence?: unknown[] | null } | null | undefined): { ok: true } | { ok: false; reason: string } {
  if (!answer || !Array.isArray(answer.status) || !Array.isArray(answer.sequence)) return { ok: false, reason: 'wageValue.errors.invalidResponse' };
  return { ok: true };
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
