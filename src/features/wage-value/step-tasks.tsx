import { useTranslation } from 'react-i18next';
import { calculate } from '../../domain/wage-value/calculation';
import { hoursOfMinutes, minutesOfHours } from '../../domain/wage-value/measurement';
import { formatDutchNumber } from '../../domain/wage-value/numbers';
import { NumberField, TextField, useIssueText } from './fields';
import type { StepProps } from './step-props';

/** Main tasks 1 to 5: hours shown, minutes stored (minutes = hours × 60); time shares recalculated live. */
export function StepTasks({ draft, edit, issues, readOnly }: StepProps) {
  const { t } = useTranslation();
  const f = calculate(draft);
  const stepError = useIssueText(issues, 'tasks');
  return (
    <div>
      {draft.tasks.map((task, i) => {
        const share = f.tasks.find((x) => x.sortOrder === task.sortOrder)?.percentageTimeSpent;
        return (
          <fieldset key={task.sortOrder} className="wv-task" data-testid={`task-${i + 1}`}>
            <legend>{t('wageValue.wizard.taskN', { n: i + 1 })}</legend>
            <div className="wv-grid">
              <TextField label={t('wageValue.fields.taskDescription')} path={`tasks.${i}.description`} issues={issues} value={task.description} readOnly={readOnly}
                onChange={(v) => edit((x) => { const tk = x.tasks[i]; if (tk) tk.description = v; })} />
              <NumberField label={t('wageValue.fields.hoursPerWeek')} path={`tasks.${i}.minutesPerWeek`} issues={issues} value={hoursOfMinutes(task.minutesPerWeek)} suffix={t('wageValue.units.hours')} readOnly={readOnly}
                onChange={(v) => edit((x) => { const tk = x.tasks[i]; if (tk) tk.minutesPerWeek = v === null || Number.isNaN(v) ? v : minutesOfHours(v); })} />
              <p className="wv-figure" aria-live="polite">{t('wageValue.wizard.timeShare')}: <strong>{share == null ? '–' : `${formatDutchNumber(share, 0, 2)}%`}</strong></p>
              <TextField label={t('wageValue.fields.taskExplanation')} path={`tasks.${i}.explanation`} issues={issues} multiline value={task.explanation} readOnly={readOnly}
                onChange={(v) => edit((x) => { const tk = x.tasks[i]; if (tk) tk.explanation = v; })} />
            </div>
          </fieldset>
        );
      })}
      <p className="wv-total" data-testid="tasks-total">
        {t('wageValue.wizard.totalTime', { hours: formatDutchNumber(hoursOfMinutes(f.totalMinutesPerWeek), 0, 2), share: f.totalPercentageTimeSpent == null ? '–' : formatDutchNumber(f.totalPercentageTimeSpent, 0, 2) })}
      </p>
      {stepError ? <p className="alert alert--error" role="alert">{stepError}</p> : null}
    </div>
  );
}
