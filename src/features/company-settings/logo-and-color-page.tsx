import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { syncStore } from '../../lib/sync-client';
import { useReplicaQuery } from '../../lib/replica/hooks';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { applyBranding } from '../../lib/branding';
import { LOGO_MAX_BYTES } from '../../domain/shared/constants';
import { contrastProblems, resolveBrandingTemplate } from '../../domain/company-settings/branding';
import { BrandingSchema, LOGO_EXTENSIONS, type BrandingInput } from '../../domain/company-settings/settings-input';
import { applyRefusal, schemaResolver } from '../../lib/forms/form-helpers';
import { deleteCompanyLogo, setCompanyBranding, uploadCompanyLogo } from './api';
import { companyDoc } from './queries';
import { failureText, reasonText } from '../../lib/ui/reason-text';
import { FeaturesSection, type Notice } from './features-section';
import { WidgetsSection } from './widgets-section';
import { KwnwSection } from './kwnw-section';
import './company-settings.css';

const COLOURS = ['primaryColor', 'headerColor', 'mainMenuBackgroundColor', 'mainMenuActiveColor', 'mainMenuTextAndIconColor'] as const;
type Colours = Record<(typeof COLOURS)[number], string>;

function NoticeLine({ notice }: { notice: Notice }) {
  if (!notice) return null;
  return (
    <p role={notice.kind === 'error' ? 'alert' : 'status'} className={`alert ${notice.kind === 'error' ? 'alert--error' : 'alert--success'}`}>
      {notice.text}
    </p>
  );
}

/** /company/settings/logo-and-color: logo, colours (applied live, with the WCAG AA warning), feature switches, instruments and KWNW, widget switches. */
export function LogoAndColorPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.company.logoTitle'));
  const { session } = useSnapshot(syncStore);
  const company = useReplicaQuery((r) => companyDoc(r, session?.companyId ?? 0), [session?.companyId]);
  // The sections below start afresh when the replica brings what was saved (their keys): their
  // notices live here, so "saved" stays on screen.
  const [colourNotice, setColourNotice] = useState<Notice>(null);
  const [featureNotice, setFeatureNotice] = useState<Notice>(null);
  const [kwnwNotice, setKwnwNotice] = useState<Notice>(null);
  if (company === undefined) return <p aria-live="polite">{t('admin.common.loading')}</p>;
  if (company === null) return <p role="alert">{t('admin.errors.forbidden')}</p>;
  const branding = resolveBrandingTemplate((company.branding ?? {}) as Record<string, unknown>);
  const settings = (company.settings ?? {}) as Record<string, unknown>;
  return (
    <div className="admin-page">
      <h1>{t('admin.company.logoTitle')}</h1>
      <LogoSection initialUri={branding.logoUri} />
      <ColoursSection key={COLOURS.map((c) => branding[c]).join()} saved={branding} notice={colourNotice} onNotice={setColourNotice} />
      <FeaturesSection key={`f${String(company.revision)}`} settings={settings} notice={featureNotice} onNotice={setFeatureNotice} />
      <KwnwSection key={`k${String(company.revision)}`} settings={settings} notice={kwnwNotice} onNotice={setKwnwNotice} />
      <WidgetsSection key={`w${String(company.revision)}`} settings={settings} />
    </div>
  );
}

function LogoSection({ initialUri }: { initialUri: string | null }) {
  const { t } = useTranslation();
  const id = useId();
  const [uri, setUri] = useState(initialUri);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);

  const upload = async (file: File | undefined) => {
    setNotice(null);
    if (!file) return;
    const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (file.size > LOGO_MAX_BYTES) return setNotice({ kind: 'error', text: t('admin.errors.settings.logoTooLarge') });
    if (!(LOGO_EXTENSIONS as readonly string[]).includes(ext)) return setNotice({ kind: 'error', text: t('admin.errors.settings.logoType') });
    setBusy(true);
    try {
      const res = await uploadCompanyLogo(file);
      if (res.success) {
        setUri(`/api/instantie/logo?v=${Date.now()}`);
        setNotice({ kind: 'ok', text: t('admin.company.logoSaved') });
      } else setNotice({ kind: 'error', text: reasonText(t, res.reason, res.params) });
    } catch (error) {
      setNotice({ kind: 'error', text: failureText(t, error) });
    } finally {
      setBusy(false);
    }
    return undefined;
  };

  const remove = async () => {
    const res = await deleteCompanyLogo().catch(() => ({ success: false, reason: null }));
    if (res.success) setUri(null);
    else setNotice({ kind: 'error', text: reasonText(t, res.reason) });
  };

  return (
    <section className="admin-card settings-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('admin.company.logo')}</h2>
      {uri ? <img className="company-logo-preview" src={uri} alt={t('admin.company.logoAlt')} data-testid="logo-preview" /> : <p>{t('admin.company.noLogo')}</p>}
      <div className="field">
        <label className="field__label" htmlFor={id}>{t('admin.company.logoUpload')}</label>
        <input id={id} type="file" accept=".png,.jpg,.jpeg,.pjpeg,.bmp,.gif,image/png,image/jpeg,image/bmp,image/gif" disabled={busy} aria-describedby={`${id}-hint`} onChange={(e) => { void upload(e.target.files?.[0]); e.target.value = ''; }} />
        <p id={`${id}-hint`} className="admin-muted">{t('admin.company.logoHint')}</p>
      </div>
      {uri ? <button type="button" className="button" onClick={() => void remove()}>{t('admin.company.logoRemove')}</button> : null}
      <NoticeLine notice={notice} />
    </section>
  );
}

function ColoursSection({ saved, notice, onNotice: setNotice }: { saved: Colours & { logoUri: string | null }; notice: Notice; onNotice: (notice: Notice) => void }) {
  const { t } = useTranslation();
  const id = useId();
  // react-hook-form with the write's schema (BrandingSchema, issue 21): a colour the server refuses lands on its field
  const { register, control, handleSubmit, setError, formState: { errors } } = useForm<Colours, unknown, BrandingInput>({
    defaultValues: Object.fromEntries(COLOURS.map((c) => [c, saved[c]])) as Colours,
    resolver: schemaResolver(t, BrandingSchema),
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });
  const watched = useWatch({ control });
  const colours = Object.fromEntries(COLOURS.map((c) => [c, watched[c] ?? saved[c]])) as Colours;
  const coloursKey = COLOURS.map((c) => colours[c]).join();

  // live: the page shows the colours as they are chosen; leaving the page restores what is saved
  useEffect(() => {
    applyBranding(Object.fromEntries(coloursKey.split(',').map((value, i) => [COLOURS[i], value])) as Colours);
  }, [coloursKey]);
  useEffect(() => () => applyBranding(saved), [saved]);

  const problems = contrastProblems({ ...colours, logoUri: null });
  const save = async (input: BrandingInput) => {
    setNotice(null);
    try {
      const res = await setCompanyBranding(Object.fromEntries(COLOURS.map((c) => [c, input[c] ?? colours[c]])));
      if (res.success) setNotice({ kind: 'ok', text: t('admin.company.coloursSaved') });
      else {
        const text = applyRefusal(t, setError, COLOURS, res.reason, res.params);
        if (text) setNotice({ kind: 'error', text });
      }
    } catch (error) {
      setNotice({ kind: 'error', text: failureText(t, error) });
    }
  };
  return (
    <section className="admin-card settings-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('admin.company.colours')}</h2>
      <div className="company-colours">
        {COLOURS.map((c) => (
          <div className="field" key={c}>
            <label className="field__label" htmlFor={`${id}-${c}`}>{t(`admin.company.colour.${c}`)}</label>
            <input id={`${id}-${c}`} type="color" aria-invalid={errors[c] ? true : undefined} aria-describedby={errors[c] ? `${id}-${c}-error` : undefined} {...register(c)} />
            <code>{colours[c]}</code>
            {errors[c] ? <p id={`${id}-${c}-error`} className="field__error">{errors[c].message}</p> : null}
          </div>
        ))}
      </div>
      <div className="company-preview" aria-label={t('admin.company.preview')} role="group" style={{ background: colours.mainMenuBackgroundColor }}>
        <span style={{ color: colours.mainMenuTextAndIconColor }}>{t('admin.company.previewMenu')}</span>
        <span style={{ color: colours.mainMenuActiveColor }}>{t('admin.company.previewActive')}</span>
      </div>
      {problems.map((p) => (
        <p key={p.pair} className="alert alert--warning" role="status" data-testid="contrast-warning">
          {t('admin.company.contrastWarning', { pair: t(`admin.company.pair.${p.pair}`), ratio: p.ratio.toFixed(1).replace('.', ',') })}
        </p>
      ))}
      {errors.root?.message ? <p role="alert" className="alert alert--error">{errors.root.message}</p> : null}
      <button type="button" className="button button--primary" onClick={() => void handleSubmit(save)()}>{t('admin.common.save')}</button>
      <NoticeLine notice={notice} />
    </section>
  );
}
