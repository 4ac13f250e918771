import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { CompanySettingsSchema, INSTRUMENT_MODES, KWNW_VERSIONS } from '../../domain/company-settings/settings-input';
import { instrumentMode, kwnwVersionOf } from '../../domain/instruments/features';
import { setCompanySettings } from './api';
import { failureText, reasonText } from '../../lib/ui/reason-text';
import type { Notice } from './features-section';

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
  const [version, setVersion] = useState<string>(kwnwVersionOf(settings));
  const [mode, setMode] = useState<string>(instrumentMode(settings));
  // the stored flags as they are (an unset flag counts as on: src/domain/instruments/features.ts)
  const stored = (settings.participantAccess ?? {}) as Record<string, unknown>;
  const [flags, setFlags] = useState<Record<Flag, boolean>>(() => Object.fromEntries(FLAGS.map((f) => [f, stored[f] !== false])) as Record<Flag, boolean>);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    const input = { kwnwVersion: version, useInstruments: mode, participantAccess: flags };
    const parsed = v.safeParse(CompanySettingsSchema, input);
    if (!parsed.success) return setNotice({ kind: 'error', text: t('admin.errors.settings.invalid') });
    setBusy(true);
    try {
      const res = await setCompanySettings(parsed.output);
      setNotice(res.success ? { kind: 'ok', text: t('admin.company.kwnw.saved') } : { kind: 'error', text: reasonText(t, res.reason, res.params) });
    } catch (error) {
      setNotice({ kind: 'error', text: failureText(t, error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="admin-card" aria-labelledby={`${id}-title`} data-testid="kwnw-settings">
      <h2 id={`${id}-title`}>{t('admin.company.kwnw.title')}</h2>
      <div className="admin-form__row">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-mode`}>{t('admin.company.kwnw.useInstruments')}</label>
          <select id={`${id}-mode`} className="input" value={mode} onChange={(e) => setMode(e.target.value)} aria-describedby={`${id}-mode-hint`}>
            {INSTRUMENT_MODES.map((m) => (
              <option key={m} value={m}>{t(`admin.company.kwnw.mode.${m}`)}</option>
            ))}
          </select>
          <p id={`${id}-mode-hint`} className="admin-muted">{t(`admin.company.kwnw.modeHint.${mode as (typeof INSTRUMENT_MODES)[number]}`)}</p>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-version`}>{t('admin.company.kwnw.version')}</label>
          <select id={`${id}-version`} className="input" value={version} onChange={(e) => setVersion(e.target.value)}>
            {KWNW_VERSIONS.map((k) => (
              <option key={k} value={k}>{t(`admin.company.kwnw.versions.${k}`)}</option>
            ))}
          </select>
        </div>
      </div>
      <fieldset className="company-switches" aria-describedby={`${id}-flags-hint`}>
        <legend>{t('admin.company.kwnw.flags')}</legend>
        <p id={`${id}-flags-hint`} className="admin-muted">{t(version === 'none' ? 'admin.company.kwnw.flagsOff' : 'admin.company.kwnw.flagsHint')}</p>
        {FLAGS.map((f) => (
          <label key={f} className="admin-check">
            <input type="checkbox" name={`kwnw-${f}`} checked={flags[f]} onChange={(e) => setFlags({ ...flags, [f]: e.target.checked })} />
            {t(`admin.company.kwnw.flag.${f}`)}
          </label>
        ))}
      </fieldset>
      <button type="button" className="button button--primary" disabled={busy} onClick={() => void save()}>{t('admin.common.save')}</button>
      {notice ? <p role={notice.kind === 'error' ? 'alert' : 'status'} className={`alert ${notice.kind === 'error' ? 'alert--error' : 'alert--success'}`}>{notice.text}</p> : null}
    </section>
  );
}
