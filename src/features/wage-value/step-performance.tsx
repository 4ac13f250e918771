import { useTranslation } from 'react-i18next';
import { taskResult } from '../../domain/wage-value/calculation';
import { isTaskUsed, type MeasurementTask } from '../../domain/wage-value/measurement';
import { formatDutchNumber } from '../../domain/wage-value/numbers';
import { NumberField, TextField } from './fields';
import type { StepProps } from './step-props';

type Pct = 'percentagePace' | 'percentageQuality' | 'percentageNetWorkingTime';
type Expl = 'paceExplanation' | 'qualityExplanation' | 'netWorkingTimeExplanation';
const PARTS: [Pct, Expl][] = [['percentagePace', 'paceExplanation'], ['percentageQuality', 'qualityExplanation'], ['percentageNetWorkingTime', 'netWorkingTimeExplanation']];

/** Work performance per task: pace, quality, net working time (1–100 %), each with its explanation; result live. */
export function StepPerformance({ draft, edit, issues, readOnly }: StepProps) {
  const { t } = useTranslation();
  const set = (i: number, change: (task: MeasurementTask) => void) => edit((x) => { const tk = x.tasks[i]; if (tk) change(tk); });
  return (
    <div>
      {draft.tasks.map((task, i) => {
        if (!isTaskUsed(task)) return null;
        const result = taskResult(task);
        return (
          <fieldset key={task.sortOrder} className="wv-task" data-testid={`performance-${i + 1}`}>
            <legend>{t('wageValue.wizard.taskN', { n: i + 1 })}: {task.description}</legend>
            <div className="wv-grid">
              {PARTS.map(([pct, expl]) => (
                <div key={pct} className="wv-pair">
                  <NumberField label={t(`wageValue.fields.${pct}`)} path={`tasks.${i}.${pct}`} issues={issues} value={task[pct]} suffix="%" readOnly={readOnly} onChange={(v) => set(i, (tk) => { tk[pct] = v; })} />
                  <TextField label={t(`wageValue.fields.${expl}`)} path={`tasks.${i}.${expl}`} issues={issues} multiline value={task[expl]} readOnly={readOnly} onChange={(v) => set(i, (tk) => { tk[expl] = v; })} />
                </div>
              ))}
              <p className="wv-figure" aria-live="polite">{t('wageValue.report.result')}: <strong>{result == null ? '–' : `${formatDutchNumber(result)}%`}</strong></p>
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
