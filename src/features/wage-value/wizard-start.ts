import { measurementSteps } from '../../domain/wage-value/constants';
import { draftOfDocument, type MeasurementDocument, type MeasurementDraft } from '../../domain/wage-value/measurement';

/**
 * The step the wizard opens a stored measurement at: the step after the last saved one (`step` is
 * the 1-based step that was saved, so it is also the 0-based index of the next), the last step
 * staying the last.
 */
export function resumeStepIndex(doc: Pick<MeasurementDocument, 'step'>): number {
  const step = Number(doc.step);
  if (!Number.isFinite(step)) return 0;
  return Math.min(Math.max(Math.trunc(step), 0), measurementSteps.length - 1);
}

/** What the wizard shows of a stored measurement before the expert touches it. */
export interface WizardStart {
  draft: MeasurementDraft;
  stepIndex: number;
  participantId: number | null;
}

export function wizardStartOf(doc: MeasurementDocument): WizardStart {
  return { draft: draftOfDocument(doc), stepIndex: resumeStepIndex(doc), participantId: doc.participantId ?? null };
}

/**
 * The replica may still hold an older version of the measurement when the wizard opens (a pull is
 * under way: the measurement was saved elsewhere meanwhile). Until the expert touches the form
 * (types, saves or moves to another step) the wizard follows each newer version of the document,
 * draft and resume step alike; afterwards what the expert entered stays, and a change made elsewhere
 * meets it in the per-field merge of the write. Answers the new start, or null to keep the form.
 */
export function followStoredDocument(shown: MeasurementDocument | null, stored: MeasurementDocument | null | undefined, touched: boolean): WizardStart | null {
  if (touched || !stored || stored === shown) return null;
  return wizardStartOf(stored);
}

/** The outbox rows' fields the wizard looks at (src/domain/sync/outbox-machine.ts). */
interface RowState {
  clientMutationId: string;
  collection: string | null;
  target: string | null;
  status: 'pending' | 'sending' | 'failed' | 'conflict';
}

const ofMeasurement = (row: RowState, uuid: string) => row.collection === 'wageValueMeasurements' && row.target === uuid;

/** The refused (failed or conflicting) changes of one measurement, as a set of client mutation ids. */
export function refusedChanges(rows: readonly RowState[], uuid: string): Set<string> {
  return new Set(rows.filter((r) => ofMeasurement(r, uuid) && (r.status === 'failed' || r.status === 'conflict')).map((r) => r.clientMutationId));
}

/**
 * Whether a change of the measurement was refused since the wizard last looked (issue 19): the form
 * then starts again from the stored document, which the worker has rolled back to the server's
 * version, so the screen never shows the refused input as if it were accepted. The input stays on
 * the outbox row (/wijzigingen) to copy or retry. `seen` null: the wizard has not looked yet (the
 * refusals already listed when it opens are no news).
 */
export function newlyRefused(seen: ReadonlySet<string> | null, now: ReadonlySet<string>): boolean {
  if (seen === null) return false;
  for (const id of now) if (!seen.has(id)) return true;
  return false;
}

/**
 * Whether a report printed on the device from the replica holds something the server has not
 * accepted: the document carries a waiting change (`_pending`, e.g. a status set only here), or a
 * change of it waits, is being sent, was refused or conflicts. Such a report is always a concept
 * with a file name of its own, whatever the local status says (docs/decisions-wage-value.md).
 */
export function unconfirmedByServer(doc: { _pending?: unknown } | null | undefined, rows: readonly RowState[] | undefined, uuid: string): boolean {
  if (doc?._pending === true) return true;
  // Rows not read yet: assume the worst rather than print an unmarked report.
  if (rows === undefined) return true;
  return rows.some((r) => ofMeasurement(r, uuid));
}
