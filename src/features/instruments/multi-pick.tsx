import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { Option } from './queries';

/** A list of checkboxes in a fieldset (links of an instrument, participants of a link). */
export function MultiPick({ id, legend, options, value, onChange, error, focusRef }: {
  id: string;
  legend: string;
  options: readonly Option[];
  value: ReadonlySet<number>;
  onChange: (next: Set<number>) => void;
  error?: string | undefined;
  /** Given the first checkbox: where focus goes when the choice holds the form's first error. */
  focusRef?: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation();
  const toggle = (n: number) => {
    const next = new Set(value);
    if (next.has(n)) next.delete(n);
    else next.add(n);
    onChange(next);
  };
  return (
    <fieldset className="instruments__pick" id={id} aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{legend} <span className="instruments__muted">({t('instruments.form.chosen', { count: value.size })})</span></legend>
      {options.length === 0 ? (
        <p className="instruments__muted">{t('instruments.form.noOptions')}</p>
      ) : (
        <div className="instruments__pick-list">
          {options.map((o, i) => (
            <label key={o.id} className="instruments__check">
              <input type="checkbox" ref={i === 0 ? focusRef : undefined} checked={value.has(o.id)} onChange={() => toggle(o.id)} aria-invalid={error ? true : undefined} />
              <span>{o.name}</span>
            </label>
          ))}
        </div>
      )}
      {error && <p id={`${id}-error`} className="field-error" role="alert">{error}</p>}
    </fieldset>
  );
}
