import { useTranslation } from 'react-i18next';
import { researchFlags } from '../../domain/wage-value/measurement';
import { DateField, TextField, YesNoField } from './fields';
import type { StepProps } from './step-props';

/** Research activities. The stored flags are inverted (true = did not take place); the form asks what happened. */
export function StepResearch({ draft, edit, issues, readOnly }: StepProps) {
  const { t } = useTranslation();
  const r = draft.researchActivities;
  const f = researchFlags(r);
  return (
    <div className="wv-grid">
      <DateField label={t('wageValue.fields.reportDate')} path="researchActivities.reportDate" issues={issues} value={r.reportDate} readOnly={readOnly} onChange={(v) => edit((x) => { x.researchActivities.reportDate = v; })} />
      <YesNoField label={t('wageValue.fields.companyVisit')} path="researchActivities.companyVisit" issues={issues} value={f.companyVisited} disabled={readOnly} onChange={(v) => edit((x) => { x.researchActivities.companyVisit = !v; })} />
      {f.companyVisited ? <DateField label={t('wageValue.fields.companyVisitDate')} path="researchActivities.companyVisitDate" issues={issues} value={r.companyVisitDate} readOnly={readOnly} onChange={(v) => edit((x) => { x.researchActivities.companyVisitDate = v; })} /> : null}
      <YesNoField label={t('wageValue.fields.interviewedEmployee')} path="researchActivities.interviewedEmployee" issues={issues} value={f.employeeInterviewed} disabled={readOnly} onChange={(v) => edit((x) => { x.researchActivities.interviewedEmployee = !v; })} />
      {f.employeeInterviewed ? <DateField label={t('wageValue.fields.interviewedEmployeeDate')} path="researchActivities.interviewedEmployeeDate" issues={issues} value={r.interviewedEmployeeDate} readOnly={readOnly} onChange={(v) => edit((x) => { x.researchActivities.interviewedEmployeeDate = v; })} /> : null}
      <YesNoField label={t('wageValue.fields.interviewedEmployer')} path="researchActivities.interviewedEmployer" issues={issues} value={f.employerInterviewed} disabled={readOnly} onChange={(v) => edit((x) => { x.researchActivities.interviewedEmployer = !v; })} />
      {f.employerInterviewed ? <DateField label={t('wageValue.fields.interviewedEmployerDate')} path="researchActivities.interviewedEmployerDate" issues={issues} value={r.interviewedEmployerDate} readOnly={readOnly} onChange={(v) => edit((x) => { x.researchActivities.interviewedEmployerDate = v; })} /> : null}
      <TextField label={t('wageValue.fields.researchActivitiesExplanation')} path="researchActivities.researchActivitiesExplanation" issues={issues} multiline value={r.researchActivitiesExplanation} readOnly={readOnly} onChange={(v) => edit((x) => { x.researchActivities.researchActivitiesExplanation = v; })} />
    </div>
  );
}
