import { useTranslation } from 'react-i18next';
import { TextField } from './fields';
import type { StepProps } from './step-props';

export function StepSummary({ draft, edit, issues, readOnly }: StepProps) {
  const { t } = useTranslation();
  return <TextField label={t('wageValue.fields.summary')} path="summary" issues={issues} multiline value={draft.summary} readOnly={readOnly} onChange={(v) => edit((d) => { d.summary = v; })} />;
}
