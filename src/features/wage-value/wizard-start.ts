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
