import type { MeasurementDraft } from '../../domain/wage-value/measurement';
import type { WageValueIssue } from '../../domain/wage-value/validation';

export interface StepProps {
  draft: MeasurementDraft;
  /** Changes the draft (a copy is made first). */
  edit: (change: (d: MeasurementDraft) => void) => void;
  issues: readonly WageValueIssue[];
  readOnly: boolean;
}
