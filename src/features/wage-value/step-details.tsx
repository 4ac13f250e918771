import { useTranslation } from 'react-i18next';
import { MeasurementType } from '../../domain/wage-value/constants';
import { normFunctionForType } from '../../domain/wage-value/measurement';
import { DateField, NumberField, SelectField, TextField } from './fields';
import type { StepProps } from './step-props';

export function StepDetails({ draft, edit, issues, readOnly }: StepProps) {
  const { t } = useTranslation();
  const d = draft.details;
  const text = (key: 'employerName' | 'employerContactName' | 'employerContactEmail' | 'interviewedEmployerName' | 'performedFunction' | 'wageValueExpert' | 'context', multiline = false, type?: string) => (
    <TextField label={t(`wageValue.fields.${key}`)} path={`details.${key}`} issues={issues} value={d[key]} multiline={multiline} type={type} readOnly={readOnly}
      onChange={(v) => edit((x) => { x.details[key] = v; })} />
  );
  return (
    <div className="wv-grid">
      <SelectField label={t('wageValue.fields.type')} path="type" issues={issues} value={draft.type} placeholder={t('wageValue.wizard.choose')} disabled={readOnly}
        options={[MeasurementType.wage_subsidy, MeasurementType.wage_dispensation].map((v) => ({ value: v, label: t(`wageValue.options.type.${v}`) }))}
        onChange={(v) => edit((x) => { x.type = v === MeasurementType.wage_dispensation ? MeasurementType.wage_dispensation : MeasurementType.wage_subsidy; x.normFunction = normFunctionForType(x.normFunction, x.type); })} />
      <DateField label={t('wageValue.fields.startingDate')} path="details.startingDate" issues={issues} value={d.startingDate} readOnly={readOnly} onChange={(v) => edit((x) => { x.details.startingDate = v; })} />
      <DateField label={t('wageValue.fields.validUntil')} path="details.validUntil" issues={issues} value={d.validUntil} readOnly={readOnly} onChange={(v) => edit((x) => { x.details.validUntil = v; })} />
      {text('employerName')}
      {text('employerContactName')}
      {text('employerContactEmail', false, 'email')}
      {text('interviewedEmployerName')}
      {text('performedFunction')}
      <NumberField label={t('wageValue.fields.workingHoursPerWeek')} path="details.workingHoursPerWeek" issues={issues} value={d.workingHoursPerWeek} suffix={t('wageValue.units.hours')} decimals={1} readOnly={readOnly}
        onChange={(v) => edit((x) => { x.details.workingHoursPerWeek = v; })} />
      <NumberField label={t('wageValue.fields.fullTimeHours')} path="details.fullTimeHours" issues={issues} value={d.fullTimeHours} suffix={t('wageValue.units.hours')} decimals={1} readOnly={readOnly}
        onChange={(v) => edit((x) => { x.details.fullTimeHours = v; })} />
      {text('wageValueExpert')}
      {text('context', true)}
    </div>
  );
}
