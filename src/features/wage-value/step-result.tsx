import { useTranslation } from 'react-i18next';
import { calculate } from '../../domain/wage-value/calculation';
import { hoursOfMinutes, isDispensation, usedTasks } from '../../domain/wage-value/measurement';
import { formatDutchNumber, formatEuro } from '../../domain/wage-value/numbers';
import { useIssueText } from './fields';
import type { StepProps } from './step-props';

const pct = (n: number | null | undefined, d = 2): string => (n == null ? '–' : `${formatDutchNumber(n, 0, d)}%`);

/** The result: the tasks table of the model report and the wage value, computed by the domain as the server does. */
export function StepResult({ draft, issues }: StepProps) {
  const { t } = useTranslation();
  const f = calculate(draft);
  const error = useIssueText(issues, 'result');
  const tasks = usedTasks(draft.tasks);
  return (
    <div>
      <div className="wv-table-wrap" role="region" aria-label={t('wageValue.report.sectionTasks')} tabIndex={0}>
      <table className="wv-table" data-testid="result-table">
        <caption className="visually-hidden">{t('wageValue.report.sectionTasks')}</caption>
        <thead><tr>{(['task', 'hours', 'time', 'pace', 'quality', 'netWorkingTime', 'result'] as const).map((k) => <th key={k} scope="col">{t(`wageValue.report.${k}`)}</th>)}</tr></thead>
        <tbody>
          {tasks.map((task, i) => (
            <tr key={task.sortOrder}>
              <th scope="row">{task.description}</th>
              <td>{formatDutchNumber(hoursOfMinutes(task.minutesPerWeek), 0, 2)} {t('wageValue.units.hours')}</td>
              <td>{pct(f.tasks[i]?.percentageTimeSpent)}</td><td>{pct(task.percentagePace)}</td><td>{pct(task.percentageQuality)}</td>
              <td>{pct(task.percentageNetWorkingTime)}</td><td>{pct(f.tasks[i]?.workPerformance)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot><tr><th scope="row">{t('wageValue.report.total')}</th><td>{formatDutchNumber(hoursOfMinutes(f.totalMinutesPerWeek), 0, 2)} {t('wageValue.units.hours')}</td><td>{pct(f.totalPercentageTimeSpent)}</td><td /><td /><td /><td>{pct(f.workPerformance)}</td></tr></tfoot>
      </table>
      </div>
      <dl className="wv-result">
        <dt>{t('wageValue.report.workPerformance')}</dt><dd>{pct(f.workPerformance)}</dd>
        <dt>{t('wageValue.report.wageValuePercentage')}</dt><dd data-testid="wage-value-percentage">{pct(f.wageValuePercentage, 0)}</dd>
        <dt>{t('wageValue.report.partTimeFactor')}</dt><dd>{f.partTimeFactor == null ? '–' : formatDutchNumber(f.partTimeFactor, 0, 4)}</dd>
        {isDispensation(draft.type) ? (<>
          <dt>{t('wageValue.report.normWage')}</dt><dd>{formatEuro(f.normWage) || '–'}</dd>
          <dt>{t('wageValue.report.wageValueAmount')}</dt><dd>{formatEuro(f.wageValue) || '–'}</dd>
        </>) : null}
      </dl>
      {error ? <p className="alert alert--error" role="alert">{error}</p> : null}
    </div>
  );
}
