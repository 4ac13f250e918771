import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uuidv7 } from '../../domain/sync/uuid-v7';
import type { SettingsInput } from '../../domain/wage-value/schemas';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { fetchServerSettings, wageValueActions } from './actions';
import { useWageValueSettings, type ListEntry, type SettingsView } from './queries';
import './wage-value.css';

type ListKey = 'statuses' | 'sequences' | 'regions';
interface Editable { statuses: ListEntry[]; sequences: ListEntry[]; regions: ListEntry[]; newPlanStatus: string | null; newPlanMeasurementSequence: string | null; definitivePlanStatus: string | null; definitivePlanMeasurementSequence: string | null }

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
  const [edit, setEdit] = useState<Editable>(() => editableOf(settings));
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  useEffect(() => {
    // The spec's check on the server's answer: without the sequence or status lists it is an invalid response.
    if (!navigator.onLine) return;
    fetchServerSettings().then((r) => setInvalid(r.ok ? null : r.reason)).catch(() => undefined);
  }, []);
  const list = (key: ListKey, title: string) => (
    <fieldset className="card wv-list-edit" data-testid={`list-${key}`}>
      <legend>{title}</legend>
      <ul>
        {edit[key].map((e, i) => (
          <li key={e.uuid}>
            <label className="visually-hidden" htmlFor={`${key}-${e.uuid}`}>{t('wageValue.settings.label')} {i + 1}</label>
            <input id={`${key}-${e.uuid}`} className="input" value={e.label} readOnly={e.locked}
              onChange={(ev) => setEdit({ ...edit, [key]: edit[key].map((x) => (x.uuid === e.uuid ? { ...x, label: ev.target.value } : x)) })} />
            {e.locked ? <span className="wv-field__hint">{t('wageValue.settings.locked')}</span> : (
              <button type="button" className="button" onClick={() => setEdit({ ...edit, [key]: edit[key].filter((x) => x.uuid !== e.uuid) })}>
                {t('wageValue.settings.remove')}<span className="visually-hidden"> {e.label}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      <button type="button" className="button" onClick={() => setEdit({ ...edit, [key]: [...edit[key], { id: null, uuid: uuidv7(), label: t('wageValue.settings.newEntry'), locked: false }] })}>
        {t('wageValue.settings.add')}<span className="visually-hidden"> ({title})</span>
      </button>
    </fieldset>
  );
  const pick = (key: 'newPlanStatus' | 'newPlanMeasurementSequence' | 'definitivePlanStatus' | 'definitivePlanMeasurementSequence', from: ListEntry[]) => (
    <div className="field">
      <label className="field__label" htmlFor={`default-${key}`}>{t(`wageValue.settings.${key}`)}</label>
      <select id={`default-${key}`} className="input" value={edit[key] ?? ''} onChange={(e) => setEdit({ ...edit, [key]: e.target.value || null })}>
        <option value="">{t('wageValue.settings.none')}</option>
        {from.map((x) => <option key={x.uuid} value={x.uuid}>{x.label}</option>)}
      </select>
    </div>
  );
  async function save(): Promise<void> {
    const strip = (l: ListEntry[]) => l.map(({ uuid, label, locked }) => ({ uuid, label, locked }));
    const input: SettingsInput = {
      statuses: strip(edit.statuses), sequences: strip(edit.sequences), regions: strip(edit.regions),
      newPlanStatus: edit.newPlanStatus, newPlanMeasurementSequence: edit.newPlanMeasurementSequence,
      definitivePlanStatus: edit.definitivePlanStatus, definitivePlanMeasurementSequence: edit.definitivePlanMeasurementSequence,
    };
    const answer = await wageValueActions.saveSettings(input);
    setMessage(answer.queued ? { text: t('wageValue.settings.saved'), error: false } : { text: t((answer.reason ?? 'wageValue.actions.failed') as 'wageValue.errors.required'), error: true });
  }
  return (
    <section className="wv-page" aria-labelledby="wv-settings-title">
      <h1 id="wv-settings-title">{t('wageValue.settings.title')}</h1>
      {invalid ? <p className="alert alert--error" role="alert" data-testid="settings-invalid">{t(invalid as 'wageValue.errors.invalidResponse')}</p> : null}
      <form noValidate onSubmit={(e) => { e.preventDefault(); void save(); }}>
        <div className="wv-grid">
          {list('statuses', t('wageValue.settings.statuses'))}
          {list('sequences', t('wageValue.settings.sequences'))}
          {settings.useRegion ? list('regions', t('wageValue.settings.regions')) : <p className="wv-field__hint">{t('wageValue.settings.regionsOff')}</p>}
        </div>
        <fieldset className="card">
          <legend>{t('wageValue.settings.defaults')}</legend>
          <div className="wv-grid">
            {pick('newPlanStatus', edit.statuses)}{pick('newPlanMeasurementSequence', edit.sequences)}
            {pick('definitivePlanStatus', edit.statuses)}{pick('definitivePlanMeasurementSequence', edit.sequences)}
          </div>
        </fieldset>
        {message ? <p className={`alert ${message.error ? 'alert--error' : ''}`} role={message.error ? 'alert' : 'status'}>{message.text}</p> : null}
        <button type="submit" className="button button--primary">{t('wageValue.settings.save')}</button>
      </form>
    </section>
  );
}
