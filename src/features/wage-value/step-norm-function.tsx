import { useTranslation } from 'react-i18next';
import { calculate } from '../../domain/wage-value/calculation';
import { NormFunctionSource, NormFunctionType, SalaryInterval } from '../../domain/wage-value/constants';
import { isDispensation, isTaskUsed } from '../../domain/wage-value/measurement';
import { formatDutchNumber, formatEuro } from '../../domain/wage-value/numbers';
import { NumberField, SelectField, TextField, useIssueText } from './fields';
import type { StepProps } from './step-props';

const opts = (table: Record<string, number>, group: string, t: (k: string) => string) =>
  Object.values(table).map((v) => ({ value: v, label: t(`wageValue.options.${group}.${v}`) }));

/** Norm function and wages; the wage fields only for wage dispensation. Per task its share of the norm function and overlap. */
export function StepNormFunction({ draft, edit, issues, readOnly }: StepProps) {
  const { t } = useTranslation();
  const tr = (k: string): string => t(k as 'wageValue.report.yes');
  const n = draft.normFunction;
  const f = calculate(draft);
  const stepError = useIssueText(issues, 'normFunction');
  const set = (change: (nf: typeof n) => void) => edit((x) => change(x.normFunction));
  return (
    <div>
      <div className="wv-grid">
        <TextField label={t('wageValue.fields.normFunction')} path="normFunction.normFunction" issues={issues} value={n.normFunction} readOnly={readOnly} onChange={(v) => set((x) => { x.normFunction = v; })} />
        <SelectField label={t('wageValue.fields.normFunctionType')} path="normFunction.normFunctionType" issues={issues} value={n.normFunctionType} placeholder={t('wageValue.wizard.choose')} disabled={readOnly}
          options={opts(NormFunctionType, 'normFunctionType', tr)} onChange={(v) => set((x) => { x.normFunctionType = v; })} />
        <TextField label={t('wageValue.fields.normFunctionTypeExplanation')} path="normFunction.normFunctionTypeExplanation" issues={issues} multiline value={n.normFunctionTypeExplanation} readOnly={readOnly} onChange={(v) => set((x) => { x.normFunctionTypeExplanation = v; })} />
        <SelectField label={t('wageValue.fields.normFunctionSource')} path="normFunction.normFunctionSource" issues={issues} value={n.normFunctionSource} placeholder={t('wageValue.wizard.choose')} disabled={readOnly}
          options={opts(NormFunctionSource, 'normFunctionSource', tr)} onChange={(v) => set((x) => { x.normFunctionSource = v; })} />
        <TextField label={t('wageValue.fields.normFunctionSourceExplanation')} path="normFunction.normFunctionSourceExplanation" issues={issues} multiline value={n.normFunctionSourceExplanation} readOnly={readOnly} onChange={(v) => set((x) => { x.normFunctionSourceExplanation = v; })} />
      </div>
      {isDispensation(draft.type) ? (
        <fieldset className="wv-task">
          <legend>{t('wageValue.wizard.wages')}</legend>
          <div className="wv-grid">
            <SelectField label={t('wageValue.fields.salaryInterval')} path="normFunction.salaryInterval" issues={issues} value={n.salaryInterval ?? null} placeholder={t('wageValue.wizard.choose')} disabled={readOnly}
              options={opts(SalaryInterval, 'salaryInterval', tr)} onChange={(v) => set((x) => { x.salaryInterval = v; })} />
            <NumberField label={t('wageValue.fields.salary')} path="normFunction.salary" issues={issues} value={n.salary ?? null} prefix="€" suffix="" readOnly={readOnly} onChange={(v) => set((x) => { x.salary = v; })} />
            <NumberField label={t('wageValue.fields.holidayAllowancePercentage')} path="normFunction.holidayAllowancePercentage" issues={issues} value={n.holidayAllowancePercentage ?? null} suffix="%" readOnly={readOnly} onChange={(v) => set((x) => { x.holidayAllowancePercentage = v; })} />
            <NumberField label={t('wageValue.fields.emolument')} path="normFunction.emolument" issues={issues} value={n.emolument ?? null} prefix="€" suffix="" readOnly={readOnly} onChange={(v) => set((x) => { x.emolument = v; })} />
            <TextField label={t('wageValue.fields.salaryScale')} path="normFunction.salaryScale" issues={issues} value={n.salaryScale ?? ''} readOnly={readOnly} onChange={(v) => set((x) => { x.salaryScale = v; })} />
            <p className="wv-figure" aria-live="polite">{t('wageValue.report.normWage')}: <strong data-testid="norm-wage">{formatEuro(f.normWage) || '–'}</strong></p>
          </div>
        </fieldset>
      ) : null}
      {draft.tasks.map((task, i) => isTaskUsed(task) ? (
        <fieldset key={task.sortOrder} className="wv-task">
          <legend>{t('wageValue.wizard.taskN', { n: i + 1 })}: {task.description}</legend>
          <div className="wv-grid">
            <NumberField label={t('wageValue.fields.percentageTimeSpentNormFunction')} path={`tasks.${i}.percentageTimeSpentNormFunction`} issues={issues} value={task.percentageTimeSpentNormFunction} suffix="%" readOnly={readOnly}
              onChange={(v) => edit((x) => { const tk = x.tasks[i]; if (tk) tk.percentageTimeSpentNormFunction = v; })} />
            <NumberField label={t('wageValue.fields.percentageOverlap')} path={`tasks.${i}.percentageOverlap`} issues={issues} value={task.percentageOverlap} suffix="%" readOnly={readOnly}
              onChange={(v) => edit((x) => { const tk = x.tasks[i]; if (tk) tk.percentageOverlap = v; })} />
          </div>
        </fieldset>
      ) : null)}
      <p className="wv-total">{t('wageValue.wizard.overlapTotal', { share: f.normFunctionTimeShare == null ? '–' : formatDutchNumber(f.normFunctionTimeShare), overlap: f.overlap == null ? '–' : formatDutchNumber(f.overlap) })}</p>
      {stepError ? <p className="alert alert--error" role="alert">{stepError}</p> : null}
    </div>
  );
}
