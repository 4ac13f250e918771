import type { MeasurementDraft } from '../../domain/wage-value/measurement';
import type { ShownIssue } from './measurement-form';

export interface StepProps {
  draft: MeasurementDraft;
  /** Changes the draft (a copy is made first). */
  edit: (change: (d: MeasurementDraft) => void) => void;
  /** The messages of the step's fields (react-hook-form's errors, translated). */
  issues: readonly ShownIssue[];
  readOnly: boolean;
}
