import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_MODES, readDisplaySettings, THEMES, type DisplaySettings } from '../../../domain/portal/display-settings';
import { isWidgetOn } from '../../../domain/portal/widgets';
import { useOnlineStatus } from '../../../lib/use-online-status';
import { toast } from '../../../lib/ui/toasts';
import { saveDisplaySettings } from '../actions';
import { displayResolver, type DisplayValues } from '../form-schemas';
import { PortalPage } from '../portal-page';
import { usePortal } from '../use-portal';
import { PictureField } from './picture-field';

/** The theme and notification form, started from the stored values (remounted when they change). */
function DisplayForm({ stored }: { stored: DisplaySettings }) {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  const { register, handleSubmit, reset, setError, setFocus, getValues, control, formState: { errors, isSubmitting } } = useForm<DisplayValues, unknown, DisplaySettings>({
    resolver: displayResolver,
    defaultValues: { theme: stored.theme, notificationSetting: stored.notificationSetting, notificationTimeout: String(stored.notificationTimeout) },
    reValidateMode: 'onChange',
  });
  const mode = useWatch({ control, name: 'notificationSetting' });

  const save = async (input: DisplaySettings) => {
    const values = getValues();
    const result = await saveDisplaySettings(input);
    if (!result.ok) {
      setError('notificationTimeout', { type: 'refused', message: result.error });
      setFocus('notificationTimeout');
      return;
    }
    reset(values);
    toast(online ? t('portal.settings.saved') : t('portal.settings.savedOffline'), { kind: 'success' });
  };
  const error = errors.notificationTimeout?.message;

  return (
      <form className="widget settings-form" onSubmit={(e) => void handleSubmit(save)(e)} noValidate>
        <fieldset className="choice-group">
          <legend className="field__label">{t('portal.settings.theme')}</legend>
          {THEMES.map((value) => (
            <label key={value} className="check">
              <input type="radio" value={value} {...register('theme')} />
              <span>{t(`portal.settings.themes.${value}`)}</span>
            </label>
          ))}
        </fieldset>
        <fieldset className="choice-group">
          <legend className="field__label">{t('portal.settings.notifications')}</legend>
          {NOTIFICATION_MODES.map((value) => (
            <label key={value} className="check">
              <input type="radio" value={value} {...register('notificationSetting')} />
              <span>{t(`portal.settings.modes.${value}`)}</span>
            </label>
          ))}
        </fieldset>
        {mode === 'timeout' || error ? (
          <div className="field">
            <label className="field__label" htmlFor="notification-timeout">
              {t('portal.settings.timeout')}
            </label>
            <input
              id="notification-timeout"
              className="input input--short"
              type="number"
              inputMode="numeric"
              min={0}
              max={3600}
              step={1}
              aria-invalid={error ? true : undefined}
              aria-describedby={`notification-timeout-hint${error ? ' notification-timeout-error' : ''}`}
              {...register('notificationTimeout')}
            />
            <p className="field__hint" id="notification-timeout-hint">
              {t('portal.settings.timeoutHint')}
            </p>
            {error ? (
              <p className="field__error" id="notification-timeout-error" role="alert">
                {t(error as 'portal.validation.invalid')}
              </p>
            ) : null}
          </div>
        ) : null}
        <div className="form-actions">
          <button type="submit" className="button button--primary" disabled={isSubmitting}>
            {t('portal.settings.save')}
          </button>
          <button type="button" className="button" onClick={() => toast(t('portal.settings.testText'))}>
            {t('portal.settings.test')}
          </button>
        </div>
      </form>
  );
}

/** /my-settings: theme, notification mode and timeout, pictures. */
export function SettingsScreen() {
  const { t } = useTranslation();
  const portal = usePortal();
  const stored = readDisplaySettings(portal.userSettings);
  return (
    <PortalPage title={t('portal.settings.title')} ready={portal.ready && portal.settingsReady}>
      <DisplayForm key={`${stored.theme}|${stored.notificationSetting}|${stored.notificationTimeout}`} stored={stored} />
      <section className="widget" aria-labelledby="pictures-title">
        <h2 className="widget__title" id="pictures-title">
          {t('portal.settings.pictures')}
        </h2>
        <PictureField kind="profile" current={portal.userSettings.profilePicture} label={t('portal.settings.profilePicture')} />
        {isWidgetOn(portal.companySettings, 'my-homepage-picture') ? (
          <PictureField kind="homepage" current={portal.userSettings.homepagePicture} label={t('portal.settings.homepagePicture')} />
        ) : null}
      </section>
    </PortalPage>
  );
}
