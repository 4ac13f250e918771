import { useEffect, useRef, useState } from 'react';
import { useFieldArray, useForm, useWatch, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { uuidv7 } from '../../domain/sync/uuid-v7';
import type { SettingsOutput } from '../../domain/wage-value/schemas';
import { settingsResolver, type Editable } from './form-schemas';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { fetchServerSettings, wageValueActions } from './actions';
import { useWageValueSettings, type ListEntry, type SettingsView } from './queries';
import './wage-value.css';

type ListKey = 'statuses' | 'sequences' | 'regions';
type DefaultKey = 'newPlanStatus' | 'newPlanMeasurementSequence' | 'definitivePlanStatus' | 'definitivePlanMeasurementSequence';

function editableOf(s: SettingsView): Editable {
  const uuidOf = (list: ListEntry[], id: number | null) => list.find((x) => x.id === id)?.uuid ?? null;
  return {
    statuses: s.statuses, sequences: s.sequences, regions: s.regions,
    newPlanStatus: uuidOf(s.statuses, s.defaults.newPlanStatusId), newPlanMeasurementSequence: uuidOf(s.sequences, s.defaults.newPlanSequenceId),
    definitivePlanStatus: uuidOf(s.statuses, s.defaults.definitivePlanStatusId), definitivePlanMeasurementSequence: uuidOf(s.sequences, s.defaults.definitivePlanSequenceId),
  };
}

/** Wage-value settings (02 §2, §3): status, sequence and region lists and the plan label defaults. */
export function WageValueSettingsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('wageValue.settings.title'));
  const settings = useWageValueSettings();
  if (!settings) return <p aria-live="polite">{t('wageValue.search.loading')}</p>;
  return <SettingsForm settings={settings} />;
}

function SettingsForm({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation();
  const [message, setMessage] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const reasonRef = useRef<HTMLParagraphElement>(null);
  // react-hook-form with the write's schema: a message goes as soon as its field is valid, focus to the first error.
  const { register, control, handleSubmit, reset, setError, formState: { errors, isSubmitting } } = useForm<Editable, unknown, SettingsOutput>({
    defaultValues: editableOf(settings),
    resolver: settingsResolver,
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });
  const lists = {
    statuses: useFieldArray({ control, name: 'statuses', keyName: 'key' }),
    sequences: useFieldArray({ control, name: 'sequences', keyName: 'key' }),
    regions: useFieldArray({ control, name: 'regions', keyName: 'key' }),
  };
  const values = useWatch({ control }) as Editable;
  useEffect(() => {
    // The spec's check on the server's answer: without the sequence or status lists it is an invalid response.
    if (!navigator.onLine) return;
    fetchServerSettings().then((r) => setInvalid(r.ok ? null : r.reason)).catch(() => undefined);
  }, []);
  const text = (e: { message?: string } | undefined): string | null => (e?.message ? t(e.message as 'wageValue.errors.required') : null);
  const list = (key: ListKey, title: string) => {
    const listError = text((errors[key] as { root?: FieldError } | undefined)?.root ?? errors[key]);
    return (
      <fieldset className="card wv-list-edit" data-testid={`list-${key}`} aria-describedby={listError ? `${key}-error` : undefined}>
        <legend>{title}</legend>
        <ul>
          {lists[key].fields.map((e, i) => {
            const error = text(errors[key]?.[i]?.label);
            const label = values[key]?.[i]?.label ?? e.label;
            return (
              <li key={e.key}>
                <label className="visually-hidden" htmlFor={`${key}-${e.uuid}`}>{t('wageValue.settings.label')} {i + 1}</label>
                <input id={`${key}-${e.uuid}`} className="input" readOnly={e.locked} {...register(`${key}.${i}.label`)}
                  aria-invalid={error ? true : undefined} aria-describedby={error ? `${key}-${e.uuid}-error` : undefined} />
                {e.locked ? <span className="wv-field__hint">{t('wageValue.settings.locked')}</span> : (
                  <button type="button" className="button" onClick={() => lists[key].remove(i)}>
                    {t('wageValue.settings.remove')}<span className="visually-hidden"> {label}</span>
                  </button>
                )}
                {error ? <span id={`${key}-${e.uuid}-error`} className="field__error">{error}</span> : null}
              </li>
            );
          })}
        </ul>
        {listError ? <p id={`${key}-error`} className="field__error">{listError}</p> : null}
        <button type="button" className="button" onClick={() => lists[key].append({ id: null, uuid: uuidv7(), label: t('wageValue.settings.newEntry'), locked: false })}>
          {t('wageValue.settings.add')}<span className="visually-hidden"> ({title})</span>
        </button>
      </fieldset>
    );
  };
  const pick = (key: DefaultKey, from: ListEntry[]) => (
    <div className="field">
      <label className="field__label" htmlFor={`default-${key}`}>{t(`wageValue.settings.${key}`)}</label>
      <select id={`default-${key}`} className="input" {...register(key, { setValueAs: (x: unknown) => (typeof x === 'string' && x !== '' ? x : null) })}>
        <option value="">{t('wageValue.settings.none')}</option>
        {from.map((x) => <option key={x.uuid} value={x.uuid}>{x.label}</option>)}
      </select>
    </div>
  );
  const save = handleSubmit(async (output) => {
    setMessage(null);
    const answer = await wageValueActions.saveSettings(output);
    if (!answer.queued) {
      setError('root.server', { type: 'refused', message: answer.reason ?? 'wageValue.actions.failed' });
      return;
    }
    // A successful save leaves no message behind but its own.
    reset(undefined, { keepValues: true, keepDefaultValues: true });
    setMessage(t('wageValue.settings.saved'));
  }, () => setMessage(null));
  const formError = text(errors.root?.settings) ?? text(errors.root?.server);
  const onlyFormError = formError !== null && Object.keys(errors).length === 1;
  useEffect(() => {
    // The check across the lists and a refusal before queueing have no field of their own: their
    // message takes the focus (a field's message leaves the focus on that field).
    if (onlyFormError) reasonRef.current?.focus();
  }, [onlyFormError, formError]);
  return (
    <section className="wv-page" aria-labelledby="wv-settings-title">
      <h1 id="wv-settings-title">{t('wageValue.settings.title')}</h1>
      {invalid ? <p className="alert alert--error" role="alert" data-testid="settings-invalid">{t(invalid as 'wageValue.errors.invalidResponse')}</p> : null}
      <form noValidate onSubmit={(e) => void save(e)}>
        <div className="wv-grid">
          {list('statuses', t('wageValue.settings.statuses'))}
          {list('sequences', t('wageValue.settings.sequences'))}
          {settings.useRegion ? list('regions', t('wageValue.settings.regions')) : <p className="wv-field__hint">{t('wageValue.settings.regionsOff')}</p>}
        </div>
        <fieldset className="card">
          <legend>{t('wageValue.settings.defaults')}</legend>
          <div className="wv-grid">
            {pick('newPlanStatus', values.statuses ?? [])}{pick('newPlanMeasurementSequence', values.sequences ?? [])}
            {pick('definitivePlanStatus', values.statuses ?? [])}{pick('definitivePlanMeasurementSequence', values.sequences ?? [])}
          </div>
        </fieldset>
        {formError ? <p ref={reasonRef} className="alert alert--error" role="alert" tabIndex={-1}>{formError}</p> : null}
        {message ? <p className="alert" role="status">{message}</p> : null}
        <button type="submit" className="button button--primary" disabled={isSubmitting}>{t('wageValue.settings.save')}</button>
      </form>
    </section>
  );
}
