import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CompanySettingsSchema, INSTRUMENT_MODES, KWNW_VERSIONS, type CompanySettingsInput } from '../../domain/company-settings/settings-input';
import { instrumentMode, kwnwVersionOf } from '../../domain/instruments/features';
import { setCompanySettings } from './api';
import { failureText, reasonText } from '../../lib/ui/reason-text';
import { NetworkError } from '../../lib/api/api-error';
import type { Notice } from './features-section';
import { schemaResolver } from '../../lib/forms/form-helpers';

const FLAGS = ['kwnw', 'status', 'instrument', 'planOfApproach'] as const;
type Flag = (typeof FLAGS)[number];

/**
 * Instruments and the shortest route to work (01 §3 company settings kwnwVersion and useInstruments; the four
 * participant widget access flags kwnw, status, instrument, planOfApproach). The flags are sent whole; with
 * version "none" they are kept but have no effect (the screen says so). The server enforces all of them
 * (server/auth/scope.ts, server/instruments/store.ts); the menu follows on the next navigation answer.
 */
export function KwnwSection({ settings, notice, onNotice: setNotice }: { settings: Record<string, unknown>; notice: Notice; onNotice: (notice: Notice) => void }) {
  const { t } = useTranslation();
  const id = useId();
  // the stored flags as they are (an unset flag counts as on: src/domain/instruments/features.ts)
  const stored = (settings.participantAccess ?? {}) as Record<string, unknown>;
  type Values = { useInstruments: string; kwnwVersion: string; participantAccess: Record<Flag, boolean> };
  // react-hook-form with the write's schema (CompanySettingsSchema, issue 21)
  const { register, control, handleSubmit, formState: { errors, isSubmitting: busy } } = useForm<Values, unknown, CompanySettingsInput>({
    defaultValues: {
      useInstruments: instrumentMode(settings),
      kwnwVersion: kwnwVersionOf(settings),
      participantAccess: Object.fromEntries(FLAGS.map((f) => [f, stored[f] !== false])),
    },
    resolver: schemaResolver(t, CompanySettingsSchema),
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });
  const mode = useWatch({ control, name: 'useInstruments' });
  const version = useWatch({ control, name: 'kwnwVersion' });
  const fieldError = (key: 'useInstruments' | 'kwnwVersion') => (errors[key] ? <p id={`${id}-${key}-error`} className="field__error">{errors[key].message}</p> : null);

  // Online only, like every company setting (docs/decisions-admin.md): offline the choices stay on screen
  // and the admin is told that saving needs a connection; nothing is shown as saved before the server has it.
  const save = async (input: CompanySettingsInput) => {
    if (!navigator.onLine) return setNotice({ kind: 'error', text: t('admin.company.kwnw.offline') });
    try {
      const res = await setCompanySettings(input);
      setNotice(res.success ? { kind: 'ok', text: t('admin.company.kwnw.saved') } : { kind: 'error', text: reasonText(t, res.reason, res.params) });
    } catch (error) {
      setNotice({ kind: 'error', text: error instanceof NetworkError && !navigator.onLine ? t('admin.company.kwnw.offline') : failureText(t, error) });
    }
    return undefined;
  };

  return (
    <section className="admin-card settings-card" aria-labelledby={`${id}-title`} data-testid="kwnw-settings">
      <h2 id={`${id}-title`}>{t('admin.company.kwnw.title')}</h2>
      <div className="admin-form__row">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-mode`}>{t('admin.company.kwnw.useInstruments')}</label>
          <select id={`${id}-mode`} className="input" aria-invalid={errors.useInstruments ? true : undefined} aria-describedby={`${id}-mode-hint${errors.useInstruments ? ` ${id}-useInstruments-error` : ''}`} {...register('useInstruments')}>
            {INSTRUMENT_MODES.map((m) => (
              <option key={m} value={m}>{t(`admin.company.kwnw.mode.${m}`)}</option>
            ))}
          </select>
          {fieldError('useInstruments')}
          <p id={`${id}-mode-hint`} className="admin-muted">{t(`admin.company.kwnw.modeHint.${mode as (typeof INSTRUMENT_MODES)[number]}`)}</p>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-version`}>{t('admin.company.kwnw.version')}</label>
          <select id={`${id}-version`} className="input" aria-invalid={errors.kwnwVersion ? true : undefined} aria-describedby={errors.kwnwVersion ? `${id}-kwnwVersion-error` : undefined} {...register('kwnwVersion')}>
            {KWNW_VERSIONS.map((k) => (
              <option key={k} value={k}>{t(`admin.company.kwnw.versions.${k}`)}</option>
            ))}
          </select>
          {fieldError('kwnwVersion')}
        </div>
      </div>
      <fieldset className="company-switches" aria-describedby={`${id}-flags-hint`}>
        <legend>{t('admin.company.kwnw.flags')}</legend>
        <p id={`${id}-flags-hint`} className="admin-muted">{t(version === 'none' ? 'admin.company.kwnw.flagsOff' : 'admin.company.kwnw.flagsHint')}</p>
        {FLAGS.map((f) => (
          <label key={f} className="admin-check">
            <input type="checkbox" {...register(`participantAccess.${f}`)} />
            {t(`admin.company.kwnw.flag.${f}`)}
          </label>
        ))}
      </fieldset>
      {errors.root?.message || errors.participantAccess ? <p role="alert" className="alert alert--error">{errors.root?.message ?? t('admin.errors.settings.invalid')}</p> : null}
      <button type="button" className="button button--primary" disabled={busy} onClick={() => void handleSubmit(save)()}>{t('admin.common.save')}</button>
      {notice ? <p role={notice.kind === 'error' ? 'alert' : 'status'} className={`alert ${notice.kind === 'error' ? 'alert--error' : 'alert--success'}`}>{notice.text}</p> : null}
    </section>
  );
}
