import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListRow } from './queries';

interface ListEditorProps {
  title: string;
  rows: ListRow[];
  onChange: (rows: ListRow[]) => void;
  /** Extra column: occupiesPlace (a checkbox) or srgValue (a text). */
  extra?: 'occupiesPlace' | 'srgValue';
  /** Messages by `<row>.<field>` (`2.label`), and `_` for the list as a whole. */
  errors?: Record<string, string>;
}

/** A react-hook-form error of a list field as ListEditor's messages (`2.label`, `_`). */
export function listErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!error || typeof error !== 'object') return out;
  const message = (x: unknown) => (x && typeof x === 'object' && 'message' in x && typeof x.message === 'string' ? x.message : null);
  const own = message(error) ?? message((error as { root?: unknown }).root);
  if (own) out._ = own;
  if (Array.isArray(error)) {
    error.forEach((row: unknown, index) => {
      if (!row || typeof row !== 'object') return;
      for (const [key, value] of Object.entries(row)) {
        const text = message(value);
        if (text) out[`${index}.${key}`] ??= text;
      }
    });
  }
  return out;
}

/** Edits a list of labelled rows: add, change, remove. */
export function ListEditor({ title, rows, onChange, extra, errors = {} }: ListEditorProps) {
  const { t } = useTranslation();
  const id = useId();
  const invalid = (key: string, errorId: string) => (errors[key] ? { 'aria-invalid': true, 'aria-describedby': errorId } : {});
  const update = (index: number, patch: Partial<ListRow>) => onChange(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  return (
    <fieldset className="admin-list-editor">
      <legend>{title}</legend>
      {rows.length === 0 ? <p>{t('admin.company.emptyList')}</p> : null}
      {rows.map((row, index) => (
        <div key={row.id ?? `new-${index}`} className="admin-list-editor__row">
          <div className="field">
            <label className="field__label" htmlFor={`${id}-${index}-label`}>{t('admin.company.label')}</label>
            <input id={`${id}-${index}-label`} className="input" value={row.label} onChange={(e) => update(index, { label: e.target.value })} {...invalid(`${index}.label`, `${id}-${index}-label-error`)} />
            {errors[`${index}.label`] ? <p id={`${id}-${index}-label-error`} className="field__error">{errors[`${index}.label`]}</p> : null}
          </div>
          {extra === 'srgValue' ? (
            <div className="field">
              <label className="field__label" htmlFor={`${id}-${index}-srg`}>{t('admin.company.srgValue')}</label>
              <input id={`${id}-${index}-srg`} className="input" value={row.srgValue ?? ''} onChange={(e) => update(index, { srgValue: e.target.value })} {...invalid(`${index}.srgValue`, `${id}-${index}-srg-error`)} />
              {errors[`${index}.srgValue`] ? <p id={`${id}-${index}-srg-error`} className="field__error">{errors[`${index}.srgValue`]}</p> : null}
            </div>
          ) : null}
          {extra === 'occupiesPlace' ? (
            <label className="admin-check">
              <input type="checkbox" checked={row.occupiesPlace === true} onChange={(e) => update(index, { occupiesPlace: e.target.checked })} />
              {t('admin.company.occupiesPlace')}
            </label>
          ) : null}
          <button type="button" className="button button--small" onClick={() => onChange(rows.filter((_r, i) => i !== index))} aria-label={t('admin.company.removeRow', { label: row.label || String(index + 1) })}>
            {t('admin.common.delete')}
          </button>
        </div>
      ))}
      {errors._ ? <p className="field__error">{errors._}</p> : null}
      <button type="button" className="button" onClick={() => onChange([...rows, { id: null, label: '', ...(extra === 'occupiesPlace' ? { occupiesPlace: false } : {}), ...(extra === 'srgValue' ? { srgValue: '' } : {}) }])}>
        {t('admin.company.addRow')}
      </button>
    </fieldset>
  );
}
