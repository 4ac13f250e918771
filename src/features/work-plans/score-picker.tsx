import { useTranslation } from 'react-i18next';
import { REVIEW_SCORE_MAX, REVIEW_SCORE_MIN } from '../../domain/work-plan/constants';
import { tx } from './text';

interface ScorePickerProps {
  name: string;
  label: string;
  value: number | null;
  onChange: (score: number) => void;
  /** The participant's self-review offers 0 (no score). */
  withZero?: boolean;
  hint?: string;
  target?: number | null;
}

/** One behaviour or skill: large radio buttons (≥ 44 px) on the 1..3 scale, the previous score beside them. */
export function ScorePicker({ name, label, value, onChange, withZero, hint, target }: ScorePickerProps) {
  const { t } = useTranslation();
  const options = withZero ? [0] : [];
  for (let s = REVIEW_SCORE_MIN; s <= REVIEW_SCORE_MAX; s++) options.push(s);
  return (
    <fieldset className="score-picker" data-testid="score-picker">
      <legend className="score-picker__legend">
        {label}
        {target != null && <span className="score-picker__target"> · {t('workPlans.item.target')}: {target}</span>}
      </legend>
      {hint && <p className="score-picker__hint">{hint}</p>}
      <div className="score-picker__options">
        {options.map((s) => (
          <label key={s} className={`score-picker__option${value === s ? ' score-picker__option--on' : ''}`}>
            <input type="radio" name={name} value={s} checked={value === s} onChange={() => onChange(s)} />
            <span>{s === 0 ? t('workPlans.self.zero') : tx(t, `workPlans.review.scale.${s}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
