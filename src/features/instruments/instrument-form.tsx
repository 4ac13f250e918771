import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouter } from '@tanstack/react-router';
import * as v from 'valibot';
import { INSTRUMENT_SECTIONS, KWNW_STEPS, SaveInstrumentSchema } from '../../domain/instruments/inputs';
import { LINK_FIELDS } from '../../domain/instruments/writes';
import { ParticipantStatus, type ParticipantStatusName } from '../../domain/shared/participant-status';
import { issuesByField } from '../../domain/work-plan/inputs';
import { uuidv7 } from '../../domain/sync/uuid-v7';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { NavLink } from '../../lib/ui/nav-link';
import { reportError } from '../../lib/error-reporting';
import { syncApi } from '../../lib/sync-client';
import { useAreaSettings, useInstrumentLists, useMatchingCategories } from './hooks';
import { ids, num, text, type InstrumentRow, type Lists } from './queries';
import { paths } from './paths';
import { AreaOff } from './area-off';
import { MultiPick } from './multi-pick';
import { LinkParticipants } from './link-participants';
import { FilesSection } from '../../lib/files/files-section';
import { useSnapshot } from 'valtio';
import { sessionStore } from '../../app/session-store';
import './instruments.css';
import { FieldError, tx } from './ui';

type LinkField = (typeof LINK_FIELDS)[number];
interface FormState {
  name: string;
  description: string;
  categoryId: string;
  competencySystemId: string;
  provisionTypeId: string;
  childcareAllowance: boolean;
  profile: string;
  kwnwStep: string;
  participantStatusIds: Set<number>;
  sections: Record<string, string>;
  links: Record<LinkField, Set<number>>;
}

const STATUS_NAMES = Object.keys(ParticipantStatus) as ParticipantStatusName[];
const idText = (x: unknown) => (num(x) === null ? '' : String(num(x)));

function stateOf(i: InstrumentRow | null): FormState {
  const d: Record<string, unknown> = i?.doc ?? {};
  const sections = (d.sections && typeof d.sections === 'object' ? d.sections : {}) as Record<string, unknown>;
  const step = text(d.kwnwStep);
  return {
    name: text(d.name),
    description: text(d.description),
    categoryId: idText(d.categoryId),
    competencySystemId: idText(d.competencySystemId),
    provisionTypeId: idText(d.provisionTypeId),
    childcareAllowance: d.childcareAllowance === true,
    profile: text(d.profile),
    // a step outside the spec's three (older data) is shown as none chosen
    kwnwStep: (KWNW_STEPS as readonly string[]).includes(step) ? step : '',
    participantStatusIds: new Set(ids(d.participantStatusIds)),
    sections: Object.fromEntries(INSTRUMENT_SECTIONS.map((k) => [k, text(sections[k])])),
    links: Object.fromEntries(LINK_FIELDS.map((f) => [f, new Set(ids(d[f]))])) as Record<LinkField, Set<number>>,
  };
}

/** /instruments/add and /instruments/:id: every field and section of an instrument; on edit also its participant links. */
export function InstrumentFormPage({ id }: { id?: string }) {
  const { t } = useTranslation();
  const settings = useAreaSettings();
  const lists = useInstrumentLists();
  if (settings && settings.mode !== 'enabled') return <AreaOff what="library" />;
  if (!lists) return <p role="status">{t('instruments.loading')}</p>;
  const found = id ? lists.instruments.find((i) => String(i.id) === id || i.uuid === id) ?? null : null;
  if (id && !found) {
    return (
      <section className="instruments">
        <h1>{t('instruments.form.notFoundTitle')}</h1>
        <p>{t('instruments.form.notFound')}</p>
        <NavLink href={paths.list}>{t('instruments.form.back')}</NavLink>
      </section>
    );
  }
  return <InstrumentForm key={found?.uuid ?? 'new'} instrument={found} lists={lists} />;
}

function InstrumentForm({ instrument, lists }: { instrument: InstrumentRow | null; lists: Lists }) {
  const { t } = useTranslation();
  const { user } = useSnapshot(sessionStore);
  const viewer = user ? { userId: user.id, roleId: user.roleId } : null;
  const router = useRouter();
  const categories = useMatchingCategories();
  const [uuid] = useState(() => instrument?.uuid ?? uuidv7());
  const [form, setForm] = useState<FormState>(() => stateOf(instrument));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const title = instrument ? t('instruments.form.editTitle', { name: instrument.name }) : t('instruments.form.addTitle');
  useDocumentTitle(title);
  const set = <K extends keyof FormState>(k: K, value: FormState[K]) => setForm((f) => ({ ...f, [k]: value }));
  const setLink = (f: LinkField) => (next: Set<number>) => setForm((s) => ({ ...s, links: { ...s.links, [f]: next } }));
  const criteria = useMemo(() => (categories ?? []).flatMap((c) => c.criteria.map((k) => ({ id: k.id, name: `${c.label}: ${k.label}` }))), [categories]);
  const optional = (s: string) => (s === '' ? null : Number(s));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = {
      uuid,
      name: form.name,
      description: form.description,
      categoryId: optional(form.categoryId),
      competencySystemId: optional(form.competencySystemId),
      provisionTypeId: optional(form.provisionTypeId),
      childcareAllowance: form.childcareAllowance,
      profile: form.profile,
      kwnwStep: form.kwnwStep,
      participantStatusIds: [...form.participantStatusIds].sort((a, b) => a - b),
      sections: INSTRUMENT_SECTIONS.filter((k) => form.sections[k]?.trim()).map((k) => ({ key: k, text: form.sections[k]! })),
      ...Object.fromEntries(LINK_FIELDS.map((f) => [f, [...form.links[f]].sort((a, b) => a - b)])),
    };
    const parsed = v.safeParse(SaveInstrumentSchema, input);
    setErrors(parsed.success ? {} : issuesByField(parsed.issues));
    setSaved(false);
    if (!parsed.success) return;
    syncApi()
      .instruments.saveInstrument(parsed.output)
      .then(() => {
        setSaved(true);
        if (!instrument) void router.navigate({ href: paths.edit(uuid) });
      }, reportError);
  };
  const err = (k: string) => ({ 'aria-invalid': errors[k] ? true : undefined, 'aria-describedby': errors[k] ? `inst-${k}-error` : undefined });
  const select = (k: 'categoryId' | 'competencySystemId' | 'provisionTypeId', label: string, opts: { id: number; name: string }[]) => (
    <div className="field">
      <label htmlFor={`inst-${k}`}>{label}</label>
      <select id={`inst-${k}`} className="input" value={form[k]} onChange={(e) => set(k, e.target.value)} {...err(k)}>
        <option value="">{t('instruments.form.none')}</option>
        {opts.map((o) => <option key={o.id} value={String(o.id)}>{o.name}</option>)}
      </select>
      <FieldError id={`inst-${k}-error`} message={errors[k]} />
    </div>
  );

  return (
    <section className="instruments" aria-labelledby="inst-form-title">
      <p><NavLink href={paths.list}>{t('instruments.form.back')}</NavLink></p>
      <h1 id="inst-form-title">{title}</h1>
      {instrument?.pending && <p className="wp-pending">{t('instruments.pending')}</p>}
      <form className="instruments__form" onSubmit={submit} noValidate>
        <h2>{t('instruments.form.general')}</h2>
        <div className="field">
          <label htmlFor="inst-name">{t('instruments.fields.name')}</label>
          <input id="inst-name" className="input" value={form.name} onChange={(e) => set('name', e.target.value)} required {...err('name')} />
          <FieldError id="inst-name-error" message={errors.name} />
        </div>
        <div className="field">
          <label htmlFor="inst-description">{t('instruments.fields.description')}</label>
          <textarea id="inst-description" className="input" rows={3} value={form.description} onChange={(e) => set('description', e.target.value)} {...err('description')} />
          <FieldError id="inst-description-error" message={errors.description} />
        </div>
        <div className="instruments__grid">
          {select('categoryId', t('instruments.fields.category'), lists.categories)}
          {select('competencySystemId', t('instruments.fields.competencySystem'), lists.competencySystems)}
          {select('provisionTypeId', t('instruments.fields.provisionType'), lists.provisionTypes)}
          <div className="field">
            <label htmlFor="inst-kwnwStep">{t('instruments.fields.kwnwStep')}</label>
            <select id="inst-kwnwStep" className="input" value={form.kwnwStep} onChange={(e) => set('kwnwStep', e.target.value)}>
              <option value="">{t('instruments.form.none')}</option>
              {KWNW_STEPS.map((s) => <option key={s} value={s}>{t(`instruments.kwnwStep.${s}`)}</option>)}
            </select>
          </div>
        </div>
        <label className="instruments__check">
          <input type="checkbox" checked={form.childcareAllowance} onChange={(e) => set('childcareAllowance', e.target.checked)} />
          <span>{t('instruments.fields.childcareAllowance')}</span>
        </label>
        <div className="field">
          <label htmlFor="inst-profile">{t('instruments.fields.profile')}</label>
          <textarea id="inst-profile" className="input" rows={3} value={form.profile} onChange={(e) => set('profile', e.target.value)} {...err('profile')} />
          <FieldError id="inst-profile-error" message={errors.profile} />
        </div>
        <h2>{t('instruments.form.sections')}</h2>
        {INSTRUMENT_SECTIONS.map((k) => (
          <div className="field" key={k}>
            <label htmlFor={`inst-section-${k}`}>{t(`instruments.section.${k}`)}</label>
            <textarea id={`inst-section-${k}`} className="input" rows={2} value={form.sections[k] ?? ''} onChange={(e) => set('sections', { ...form.sections, [k]: e.target.value })} />
          </div>
        ))}
        <h2>{t('instruments.form.matching')}</h2>
        <MultiPick id="inst-statuses" legend={t('instruments.fields.participantStatuses')} options={STATUS_NAMES.map((n) => ({ id: ParticipantStatus[n], name: tx(t, `participants.statusName.${n}`) }))} value={form.participantStatusIds} onChange={(s) => set('participantStatusIds', s)} />
        <MultiPick id="inst-criterionIds" legend={t('instruments.fields.criterionIds')} options={criteria} value={form.links.criterionIds} onChange={setLink('criterionIds')} />
        <h2>{t('instruments.form.links')}</h2>
        <MultiPick id="inst-workplaceIds" legend={t('instruments.fields.workplaceIds')} options={lists.workplaces} value={form.links.workplaceIds} onChange={setLink('workplaceIds')} />
        <MultiPick id="inst-disciplineIds" legend={t('instruments.fields.disciplineIds')} options={lists.disciplines} value={form.links.disciplineIds} onChange={setLink('disciplineIds')} />
        <MultiPick id="inst-skillIds" legend={t('instruments.fields.skillIds')} options={lists.skills} value={form.links.skillIds} onChange={setLink('skillIds')} />
        <MultiPick id="inst-competencyIds" legend={t('instruments.fields.competencyIds')} options={lists.competencies} value={form.links.competencyIds} onChange={setLink('competencyIds')} />
        <MultiPick id="inst-workOrderIds" legend={t('instruments.fields.workOrderIds')} options={lists.workOrders} value={form.links.workOrderIds} onChange={setLink('workOrderIds')} />
        <div className="instruments__actions">
          <button type="submit" className="button button--primary">{t('instruments.form.save')}</button>
          {saved && <p role="status">{t('instruments.form.saved')}</p>}
        </div>
      </form>
      {instrument && instrument.id !== null && <LinkParticipants instrumentId={instrument.id} instrumentName={instrument.name} />}
      {instrument && <FilesSection target={{ kind: 'instrument', uuid: instrument.uuid, id: instrument.id }} viewer={viewer} />}
      {instrument && instrument.id === null && <p className="instruments__muted">{t('instruments.link.afterSync')}</p>}
    </section>
  );
}
