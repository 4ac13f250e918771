import { useTranslation } from 'react-i18next';
import { ReassessmentAdvice, SpecialCondition } from '../../domain/wage-value/constants';
import { DateField, SelectField, TextField, YesNoField, useIssueText } from './fields';
import type { StepProps } from './step-props';

/** Advice: special conditions (the list is disabled while not used; option 6 "other" needs a text), reassessment, discussions. */
export function StepAdvice({ draft, edit, issues, readOnly }: StepProps) {
  const { t } = useTranslation();
  const a = draft.advice;
  const conditionsError = useIssueText(issues, 'advice.specialConditions');
  const set = (change: (x: typeof a) => void) => edit((d) => change(d.advice));
  const off = readOnly || a.useSpecialConditions !== true;
  return (
    <div className="wv-grid">
      <YesNoField label={t('wageValue.fields.useSpecialConditions')} path="advice.useSpecialConditions" issues={issues} value={a.useSpecialConditions} disabled={readOnly} onChange={(v) => set((x) => { x.useSpecialConditions = v; })} />
      <fieldset className="wv-checks" disabled={off} data-path="advice.specialConditions">
        <legend className="field__label">{t('wageValue.fields.specialConditions')}</legend>
        {Object.values(SpecialCondition).map((c) => (
          <label key={c} className="wv-check">
            <input type="checkbox" checked={a.specialConditions.includes(c)}
              onChange={(e) => set((x) => { x.specialConditions = e.target.checked ? [...x.specialConditions, c].sort((p, q) => p - q) : x.specialConditions.filter((y) => y !== c); })} />
            {t(`wageValue.options.specialConditions.${c}`)}
          </label>
        ))}
        {conditionsError ? <span className="field__error" role="alert">{conditionsError}</span> : null}
      </fieldset>
      {a.useSpecialConditions && a.specialConditions.includes(SpecialCondition.other) ? (
        <TextField label={t('wageValue.fields.specialConditionsOther')} path="advice.specialConditionsOther" issues={issues} value={a.specialConditionsOther} readOnly={readOnly} onChange={(v) => set((x) => { x.specialConditionsOther = v; })} />
      ) : null}
      {a.useSpecialConditions ? (
        <TextField label={t('wageValue.fields.specialConditionsExplanation')} path="advice.specialConditionsExplanation" issues={issues} multiline value={a.specialConditionsExplanation} readOnly={readOnly} onChange={(v) => set((x) => { x.specialConditionsExplanation = v; })} />
      ) : null}
      <SelectField label={t('wageValue.fields.reassessmentAdvice')} path="advice.reassessmentAdvice" issues={issues} value={a.reassessmentAdvice} placeholder={t('wageValue.wizard.choose')} disabled={readOnly}
        options={Object.values(ReassessmentAdvice).map((v) => ({ value: v, label: t(`wageValue.options.reassessmentAdvice.${v}`) }))} onChange={(v) => set((x) => { x.reassessmentAdvice = v; })} />
      <TextField label={t('wageValue.fields.reassessmentAdviceExplanation')} path="advice.reassessmentAdviceExplanation" issues={issues} multiline value={a.reassessmentAdviceExplanation} readOnly={readOnly} onChange={(v) => set((x) => { x.reassessmentAdviceExplanation = v; })} />
      <DateField label={t('wageValue.fields.employerDiscussionDate')} path="advice.employerDiscussionDate" issues={issues} value={a.employerDiscussionDate} readOnly={readOnly} onChange={(v) => set((x) => { x.employerDiscussionDate = v; })} />
      <YesNoField label={t('wageValue.fields.employerAgreed')} path="advice.employerAgreed" issues={issues} value={a.employerAgreed} disabled={readOnly} onChange={(v) => set((x) => { x.employerAgreed = v; })} />
      <TextField label={t('wageValue.fields.employerView')} path="advice.employerView" issues={issues} multiline value={a.employerView} readOnly={readOnly} onChange={(v) => set((x) => { x.employerView = v; })} />
      <DateField label={t('wageValue.fields.employeeDiscussionDate')} path="advice.employeeDiscussionDate" issues={issues} value={a.employeeDiscussionDate} readOnly={readOnly} onChange={(v) => set((x) => { x.employeeDiscussionDate = v; })} />
      <YesNoField label={t('wageValue.fields.employeeAgreed')} path="advice.employeeAgreed" issues={issues} value={a.employeeAgreed} disabled={readOnly} onChange={(v) => set((x) => { x.employeeAgreed = v; })} />
      <TextField label={t('wageValue.fields.employeeDiscussionExplanation')} path="advice.employeeDiscussionExplanation" issues={issues} multiline value={a.employeeDiscussionExplanation} readOnly={readOnly} onChange={(v) => set((x) => { x.employeeDiscussionExplanation = v; })} />
    </div>
  );
}
