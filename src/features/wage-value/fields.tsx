import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDutchNumber, parseDutchNumber } from '../../domain/wage-value/numbers';
import { DateField as DateInput } from '../../lib/ui/date-field';
import type { ShownIssue } from './measurement-form';

/** The message of the first issue at `path` (already translated by the form's resolver). */
export function useIssueText(issues: readonly ShownIssue[], path: string): string | null {
  return issues.find((i) => i.path === path)?.message ?? null;
}

interface FieldProps {
  label: string;
  path: string;
  issues: readonly ShownIssue[];
  hint?: string;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) => ReactNode;
}

function Field({ label, path, issues, hint, children }: FieldProps) {
  const id = useId();
  const error = useIssueText(issues, path);
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field wv-field" data-path={path}>
      <label className="field__label" htmlFor={id}>{label}</label>
      {hint ? <span id={`${id}-hint`} className="wv-field__hint">{hint}</span> : null}
      {children({ id, 'aria-invalid': error !== null, 'aria-describedby': describedBy })}
      {error ? <span id={`${id}-error`} className="field__error" role="alert">{error}</span> : null}
    </div>
  );
}

export function TextField(p: { label: string; path: string; issues: readonly ShownIssue[]; value: string; onChange: (v: string) => void; multiline?: boolean; type?: string; readOnly?: boolean }) {
  return (
    <Field label={p.label} path={p.path} issues={p.issues}>
      {(a) => p.multiline
        ? <textarea {...a} className="input wv-textarea" rows={3} value={p.value} readOnly={p.readOnly} onChange={(e) => p.onChange(e.target.value)} />
        : <input {...a} className="input" type={p.type ?? 'text'} value={p.value} readOnly={p.readOnly} onChange={(e) => p.onChange(e.target.value)} />}
    </Field>
  );
}

export function DateField(p: { label: string; path: string; issues: readonly ShownIssue[]; value: string | null; onChange: (v: string | null) => void; readOnly?: boolean }) {
  return (
    <Field label={p.label} path={p.path} issues={p.issues}>
      {(a) => <DateInput id={a.id} aria-invalid={a['aria-invalid']} aria-describedby={a['aria-describedby']} className="wv-date" value={p.value} readOnly={p.readOnly} onChange={(v) => p.onChange(v === '' ? null : v)} />}
    </Field>
  );
}

/**
 * A number typed the Dutch way with its unit after it ("uur", "€", "%"): the text is kept while
 * typing; the value is the parsed number (NaN for text that is not a number, null when empty).
 * Only digits, one comma and dots are accepted (the input mask).
 */
export function NumberField(p: { label: string; path: string; issues: readonly ShownIssue[]; value: number | null; onChange: (v: number | null) => void; suffix: string; decimals?: number; readOnly?: boolean; prefix?: string }) {
  const decimals = p.decimals ?? 2;
  const [text, setText] = useState(() => formatDutchNumber(p.value, 0, 4));
  const [seen, setSeen] = useState(p.value);
  if (!Object.is(seen, p.value)) {
    // An outside change (another step, a pull, a reset) rewrites the text; typing keeps it.
    setSeen(p.value);
    const parsed = parseDutchNumber(text);
    const same = parsed === p.value || (parsed !== null && p.value !== null && Math.abs(parsed - p.value) < 1e-9) || (Number.isNaN(parsed) && Number.isNaN(p.value));
    if (!same) setText(formatDutchNumber(p.value, 0, 4));
  }
  return (
    <Field label={p.label} path={p.path} issues={p.issues}>
      {(a) => (
        <span className="wv-number">
          {p.prefix ? <span className="wv-number__unit" aria-hidden="true">{p.prefix}</span> : null}
          <input
            {...a}
            className="input wv-number__input"
            inputMode="decimal"
            autoComplete="off"
            value={text}
            readOnly={p.readOnly}
            onChange={(e) => {
              const masked = e.target.value.replace(/[^\d.,]/g, '');
              const [whole = '', ...rest] = masked.split(',');
              const next = rest.length > 0 ? `${whole},${rest.join('').slice(0, decimals)}` : whole;
              setText(next);
              p.onChange(parseDutchNumber(next));
            }}
            onBlur={() => { const v = parseDutchNumber(text); if (v !== null && Number.isFinite(v)) setText(formatDutchNumber(v, 0, decimals)); }}
          />
          <span className="wv-number__unit" aria-hidden="true">{p.suffix}</span>
        </span>
      )}
    </Field>
  );
}

export function SelectField(p: { label: string; path: string; issues: readonly ShownIssue[]; value: number | null; options: { value: number; label: string }[]; onChange: (v: number | null) => void; placeholder: string; disabled?: boolean }) {
  return (
    <Field label={p.label} path={p.path} issues={p.issues}>
      {(a) => (
        <select {...a} className="input" value={p.value ?? ''} disabled={p.disabled} onChange={(e) => p.onChange(e.target.value === '' ? null : Number(e.target.value))}>
          <option value="">{p.placeholder}</option>
          {p.options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
        </select>
      )}
    </Field>
  );
}

/** Yes / no as two radio buttons (null: not answered). */
export function YesNoField(p: { label: string; path: string; issues: readonly ShownIssue[]; value: boolean | null; onChange: (v: boolean) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const name = useId();
  const error = useIssueText(p.issues, p.path);
  return (
    <fieldset className="wv-yesno" data-path={p.path} aria-invalid={error !== null}>
      <legend className="field__label">{p.label}</legend>
      {[true, false].map((v) => (
        <label key={String(v)} className="wv-yesno__option">
          <input type="radio" name={name} checked={p.value === v} disabled={p.disabled} onChange={() => p.onChange(v)} />
          {t(v ? 'wageValue.report.yes' : 'wageValue.report.no')}
        </label>
      ))}
      {error ? <span className="field__error" role="alert">{error}</span> : null}
    </fieldset>
  );
}
