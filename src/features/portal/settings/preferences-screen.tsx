import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CHANNELS, CONTACT_TIMES, type Channel, type CommunicationPreferences, type ContactTime } from '../../../domain/portal/communication';
import { toast } from '../../../lib/ui/toasts';
import { savePreferences } from '../actions';
import { PortalPage } from '../portal-page';
import { usePortal } from '../use-portal';

function toggle<T>(list: readonly T[], value: T, on: boolean): T[] {
  return on ? [...new Set([...list, value])] : list.filter((x) => x !== value);
}

/** The preferences form, started from the stored values (remounted when they change). */
function PreferencesForm({ stored }: { stored: CommunicationPreferences }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<CommunicationPreferences>(stored);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const result = await savePreferences(form);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setError(null);
    toast(t('portal.preferences.saved'), { kind: 'success' });
  };

  return (
      <form className="widget settings-form" onSubmit={(e) => void submit(e)} noValidate>
        <fieldset className="choice-group">
          <legend className="field__label">{t('portal.preferences.channels')}</legend>
          {CHANNELS.map((c: Channel) => (
            <label key={c} className="check">
              <input type="checkbox" checked={form.channels.includes(c)} onChange={(e) => setForm({ ...form, channels: toggle(form.channels, c, e.target.checked) })} />
              <span>{t(`portal.preferences.channel.${c}`)}</span>
            </label>
          ))}
        </fieldset>
        <fieldset className="choice-group" aria-describedby={error ? 'preferences-error' : undefined}>
          <legend className="field__label">{t('portal.preferences.preferred')}</legend>
          {CHANNELS.map((c: Channel) => (
            <label key={c} className="check">
              <input type="radio" name="preferredChannel" checked={form.preferredChannel === c} onChange={() => setForm({ ...form, preferredChannel: c })} />
              <span>{t(`portal.preferences.channel.${c}`)}</span>
            </label>
          ))}
        </fieldset>
        <fieldset className="choice-group">
          <legend className="field__label">{t('portal.preferences.times')}</legend>
          {CONTACT_TIMES.map((time: ContactTime) => (
            <label key={time} className="check">
              <input type="checkbox" checked={form.contactTimes.includes(time)} onChange={(e) => setForm({ ...form, contactTimes: toggle(form.contactTimes, time, e.target.checked) })} />
              <span>{t(`portal.preferences.time.${time}`)}</span>
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label className="field__label" htmlFor="preferences-notes">
            {t('portal.preferences.notes')}
          </label>
          <textarea id="preferences-notes" className="input" rows={3} maxLength={500} value={form.notes} onChange={(e) => setForm({ ...form, notes: e.target.value })} />
        </div>
        {error ? (
          <p className="field__error" id="preferences-error" role="alert">
            {t(error as 'portal.validation.invalid')}
          </p>
        ) : null}
        <div className="form-actions">
          <button type="submit" className="button button--primary">
            {t('portal.preferences.save')}
          </button>
        </div>
      </form>
  );
}

/** /my-communication-preferences: how and when the participant likes to be reached. */
export function PreferencesScreen() {
  const { t } = useTranslation();
  const portal = usePortal();
  // The latest queued change the server has not refused (also one accepted that the replica does not
  // hold yet), else what the replica has.
  const stored = portal.communicationPreferences;
  return (
    <PortalPage title={t('portal.preferences.title')} intro={t('portal.preferences.intro')} ready={portal.ready && portal.settingsReady}>
      <PreferencesForm key={JSON.stringify(stored)} stored={stored} />
    </PortalPage>
  );
}
