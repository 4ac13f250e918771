import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CompanySettingsSchema, FEATURE_SWITCHES, IDENTIFICATION_SYSTEMS, PORTAL_VERSIONS, type CompanySettingsInput, type FeatureSwitch } from '../../domain/company-settings/settings-input';
import { setCompanySettings } from './api';
import { failureText, reasonText } from '../../lib/ui/reason-text';
import { schemaResolver } from '../../lib/forms/form-helpers';
import { OFFLINE_CAP_MAX_DAYS, OFFLINE_CAP_MIN_DAYS, offlineCapDaysOf } from '../../domain/devices/devices';

export type Notice = { kind: 'ok' | 'error'; text: string } | null;

/**
 * Feature switches, portal version and identification system of the company (01 §3). The notice
 * lives in the page: the section starts afresh when the replica brings the saved settings, and the
 * "saved" line must outlive that.
 */
export function FeaturesSection({ settings, notice, onNotice: setNotice }: { settings: Record<string, unknown>; notice: Notice; onNotice: (notice: Notice) => void }) {
  const { t } = useTranslation();
  const id = useId();
  type Values = Record<FeatureSwitch, boolean> & { participantPortalVersion: string; identificationSystem: string; offlineCapDays: number };
  // react-hook-form with the write's schema (CompanySettingsSchema, issue 21)
  const { register, handleSubmit, formState: { errors } } = useForm<Values, unknown, CompanySettingsInput>({
    defaultValues: {
      ...(Object.fromEntries(FEATURE_SWITCHES.map((k) => [k, settings[k] === true])) as Record<FeatureSwitch, boolean>),
      participantPortalVersion: typeof settings.participantPortalVersion === 'string' ? settings.participantPortalVersion : 'standard',
      identificationSystem: settings.identificationSystem === 'Persoonsnummer' ? 'Persoonsnummer' : 'BSN',
      offlineCapDays: offlineCapDaysOf(settings),
    },
    resolver: schemaResolver(t, CompanySettingsSchema),
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });
  const invalid = Object.values(errors).find((e) => typeof e?.message === 'string')?.message;
  const save = async (input: CompanySettingsInput) => {
    try {
      const res = await setCompanySettings(input);
      setNotice(res.success ? { kind: 'ok', text: t('admin.company.featuresSaved') } : { kind: 'error', text: reasonText(t, res.reason, res.params) });
    } catch (error) {
      setNotice({ kind: 'error', text: failureText(t, error) });
    }
  };
  return (
    <section className="admin-card settings-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('admin.company.features')}</h2>
      <div className="admin-form__row">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-portal`}>{t('admin.company.portalVersion')}</label>
          <select id={`${id}-portal`} className="input" aria-invalid={errors.participantPortalVersion ? true : undefined} {...register('participantPortalVersion')}>
            {PORTAL_VERSIONS.map((p) => (
              <option key={p} value={p}>{t(`admin.company.portal.${p}`)}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-ident`}>{t('admin.company.identificationSystem')}</label>
          <select id={`${id}-ident`} className="input" aria-invalid={errors.identificationSystem ? true : undefined} {...register('identificationSystem')}>
            {IDENTIFICATION_SYSTEMS.map((s) => (
              <option key={s} value={s}>{t(`admin.company.identification.${s}`)}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-offline-cap`}>{t('admin.company.offlineCapDays')}</label>
          <input
            id={`${id}-offline-cap`}
            className="input"
            type="number"
            inputMode="numeric"
            min={OFFLINE_CAP_MIN_DAYS}
            max={OFFLINE_CAP_MAX_DAYS}
            step={1}
            aria-describedby={`${id}-offline-cap-hint`}
            aria-invalid={errors.offlineCapDays ? true : undefined}
            {...register('offlineCapDays', { valueAsNumber: true })}
          />
          <p id={`${id}-offline-cap-hint`} className="admin-muted">{t('admin.company.offlineCapDaysHint')}</p>
        </div>
      </div>
      <fieldset className="company-switches">
        <legend>{t('admin.company.features')}</legend>
        {FEATURE_SWITCHES.map((k) => (
          <label key={k} className="admin-check">
            <input type="checkbox" {...register(k)} />
            {t(`admin.company.feature.${k}`)}
          </label>
        ))}
      </fieldset>
      {invalid ? <p role="alert" className="alert alert--error">{invalid}</p> : null}
      <button type="button" className="button button--primary" onClick={() => void handleSubmit(save)()}>{t('admin.common.save')}</button>
      {notice ? <p role={notice.kind === 'error' ? 'alert' : 'status'} className={`alert ${notice.kind === 'error' ? 'alert--error' : 'alert--success'}`}>{notice.text}</p> : null}
    </section>
  );
}
