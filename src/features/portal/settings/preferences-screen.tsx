import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CHANNELS, CONTACT_TIMES, type Channel, type CommunicationPreferences, type ContactTime } from '../../../domain/portal/communication';
import { toast } from '../../../lib/ui/toasts';
import { savePreferences } from '../actions';
import { preferencesResolver } from '../form-schemas';
import { PortalPage } from '../portal-page';
import { usePortal } from '../use-portal';

function toggle<T>(list: readonly T[], value: T, on: boolean): T[] {
  return on ? [...new Set([...list, value])] : list.filter((x) => x !== value);
}

/** The preferences form, started from the stored values (remounted when they change). */
function PreferencesForm({ stored }: { stored: CommunicationPreferences }) {
  const { t } = useTranslation();
  const { register, control, handleSubmit, reset, setError, setFocus, getValues, formState: { errors, isSubmitting } } = useForm<CommunicationPreferences, unknown, CommunicationPreferences>({
    resolver: preferencesResolver,
    defaultValues: stored,
    reValidateMode: 'onChange',
  });
  const message = errors.preferredChannel?.message ?? errors.channels?.message ?? errors.contactTimes?.message;
  const notesError = errors.notes?.message;

  const save = async (input: CommunicationPreferences) => {
    const values = getValues();
    const result = await savePreferences(input);
    if (!result.ok) {
      setError('preferredChannel', { type: 'refused', message: result.error });
      setFocus('preferredChannel');
      return;
    }
    reset(values);
    toast(t('portal.preferences.saved'), { kind: 'success' });
  };

  return (
      <form className="widget settings-form" onSubmit={(e) => void handleSubmit(save)(e)} noValidate>
        <Controller
          control={control}
          name="channels"
          // The preferred channel must stay one of the allowed: its message follows this choice too.
          rules={{ deps: 'preferredChannel' }}
          render={({ field }) => (
            <fieldset className="choice-group">
              <legend className="field__label">{t('portal.preferences.channels')}</legend>
              {CHANNELS.map((c: Channel, i) => (
                <label key={c} className="check">
                  <input type="checkbox" ref={i === 0 ? field.ref : undefined} checked={field.value.includes(c)} onChange={(e) => field.onChange(toggle(field.value, c, e.target.checked))} onBlur={field.onBlur} />
                  <span>{t(`portal.preferences.channel.${c}`)}</span>
                </label>
              ))}
            </fieldset>
          )}
        />
        <fieldset className="choice-group" aria-describedby={message ? 'preferences-error' : undefined}>
          <legend className="field__label">{t('portal.preferences.preferred')}</legend>
          {CHANNELS.map((c: Channel) => (
            <label key={c} className="check">
              <input type="radio" value={c} aria-invalid={message ? true : undefined} {...register('preferredChannel')} />
              <span>{t(`portal.preferences.channel.${c}`)}</span>
            </label>
          ))}
        </fieldset>
        <Controller
          control={control}
          name="contactTimes"
          render={({ field }) => (
            <fieldset className="choice-group">
              <legend className="field__label">{t('portal.preferences.times')}</legend>
              {CONTACT_TIMES.map((time: ContactTime, i) => (
                <label key={time} className="check">
                  <input type="checkbox" ref={i === 0 ? field.ref : undefined} checked={field.value.includes(time)} onChange={(e) => field.onChange(toggle(field.value, time, e.target.checked))} onBlur={field.onBlur} />
                  <span>{t(`portal.preferences.time.${time}`)}</span>
                </label>
              ))}
            </fieldset>
          )}
        />
        <div className="field">
          <label className="field__label" htmlFor="preferences-notes">
            {t('portal.preferences.notes')}
          </label>
          <textarea
            id="preferences-notes"
            className="input"
            rows={3}
            maxLength={500}
            aria-invalid={notesError ? true : undefined}
            aria-describedby={notesError ? 'preferences-notes-error' : undefined}
            {...register('notes')}
          />
          {notesError ? (
            <p className="field__error" id="preferences-notes-error" role="alert">
              {t(notesError as 'portal.validation.invalid')}
            </p>
          ) : null}
        </div>
        {message ? (
          <p className="field__error" id="preferences-error" role="alert">
            {t(message as 'portal.validation.invalid')}
          </p>
        ) : null}
        <div className="form-actions">
          <button type="submit" className="button button--primary" disabled={isSubmitting}>
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
