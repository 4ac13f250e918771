import { useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useRouter } from '@tanstack/react-router';
import { INSTRUMENT_SECTIONS, KWNW_STEPS, type SaveInstrumentInput } from '../../domain/instruments/inputs';
import { LINK_FIELDS } from '../../domain/instruments/writes';
import { ParticipantStatus, type ParticipantStatusName } from '../../domain/shared/participant-status';
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
import { sessionStore } from '../../lib/session/session-store';
import './instruments.css';
import { FieldError, tx } from './ui';
import { instrumentResolver, refusedField, type InstrumentValues, type LinkField } from './form-schemas';
import { useServerRefusal } from './use-refusal';
import { reasonText } from '../../lib/ui/reason-text';
import type { ReasonParams } from '../../lib/api/api-error';

const STATUS_NAMES = Object.keys(ParticipantStatus) as ParticipantStatusName[];
const idText = (x: unknown) => (num(x) === null ? '' : String(num(x)));

function valuesOf(i: InstrumentRow | null): InstrumentValues {
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
    participantStatusIds: ids(d.participantStatusIds),
    sections: Object.fromEntries(INSTRUMENT_SECTIONS.map((k) => [k, text(sections[k])])),
    links: Object.fromEntries(LINK_FIELDS.map((f) => [f, ids(d[f])])) as Record<LinkField, number[]>,
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
  const [resolver] = useState(() => instrumentResolver(uuid));
  const { register, control, handleSubmit, reset, getValues, setError, setFocus, formState: { errors, isSubmitting } } = useForm<InstrumentValues, unknown, SaveInstrumentInput>({
    resolver,
    defaultValues: valuesOf(instrument),
    reValidateMode: 'onChange',
  });
  const [saved, setSaved] = useState(false);
  const refusedRef = useRef<HTMLParagraphElement>(null);
  const focusRefused = useCallback(() => refusedRef.current?.focus(), []);
  const refusal = useServerRefusal('instruments.saveInstrument', uuid, { setError, setFocus }, refusedField, focusRefused);
  const title = instrument ? t('instruments.form.editTitle', { name: instrument.name }) : t('instruments.form.addTitle');
  useDocumentTitle(title);
  const criteria = useMemo(() => (categories ?? []).flatMap((c) => c.criteria.map((k) => ({ id: k.id, name: `${c.label}: ${k.label}` }))), [categories]);

  const save = async (input: SaveInstrumentInput, values: InstrumentValues) => {
    try {
      await syncApi().instruments.saveInstrument(input);
      // Saved (queued when offline): what was typed stays, no message is left.
      reset(values);
      setSaved(true);
      if (!instrument) void router.navigate({ href: paths.edit(uuid) });
    } catch (error) {
      reportError(error);
    }
  };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    setSaved(false);
    void handleSubmit((input) => save(input, getValues()))(e);
  };
  const message = (k: string): string | undefined => {
    let node: unknown = errors;
    for (const part of k.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
    const m = (node as { message?: unknown } | undefined)?.message;
    return typeof m === 'string' ? m : undefined;
  };
  const err = (k: string) => {
    const id = `inst-${k.replace(/\./g, '-')}-error`;
    return { 'aria-invalid': message(k) ? true : undefined, 'aria-describedby': message(k) ? id : undefined };
  };
  const select = (k: 'categoryId' | 'competencySystemId' | 'provisionTypeId', label: string, opts: { id: number; name: string }[]) => (
    <div className="field">
      <label htmlFor={`inst-${k}`}>{label}</label>
      <select id={`inst-${k}`} className="input" {...register(k)} {...err(k)}>
        <option value="">{t('instruments.form.none')}</option>
        {opts.map((o) => <option key={o.id} value={String(o.id)}>{o.name}</option>)}
      </select>
      <FieldError id={`inst-${k}-error`} message={message(k)} params={refusal} />
    </div>
  );
  const pick = (name: 'participantStatusIds' | `links.${LinkField}`, id: string, legend: string, options: readonly { id: number; name: string }[]) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <MultiPick
          id={id}
          legend={legend}
          options={options}
          value={new Set(field.value)}
          onChange={(next) => field.onChange([...next].sort((a, b) => a - b))}
          focusRef={field.ref}
          error={message(name) ? tx(t, message(name)!, refusal ?? undefined) : undefined}
        />
      )}
    />
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
          <input id="inst-name" className="input" required {...register('name')} {...err('name')} />
          <FieldError id="inst-name-error" message={message('name')} params={refusal} />
        </div>
        <div className="field">
          <label htmlFor="inst-description">{t('instruments.fields.description')}</label>
          <textarea id="inst-description" className="input" rows={3} {...register('description')} {...err('description')} />
          <FieldError id="inst-description-error" message={message('description')} params={refusal} />
        </div>
        <div className="instruments__grid">
          {select('categoryId', t('instruments.fields.category'), lists.categories)}
          {select('competencySystemId', t('instruments.fields.competencySystem'), lists.competencySystems)}
          {select('provisionTypeId', t('instruments.fields.provisionType'), lists.provisionTypes)}
          <div className="field">
            <label htmlFor="inst-kwnwStep">{t('instruments.fields.kwnwStep')}</label>
            <select id="inst-kwnwStep" className="input" {...register('kwnwStep')} {...err('kwnwStep')}>
              <option value="">{t('instruments.form.none')}</option>
              {KWNW_STEPS.map((s) => <option key={s} value={s}>{t(`instruments.kwnwStep.${s}`)}</option>)}
            </select>
            <FieldError id="inst-kwnwStep-error" message={message('kwnwStep')} params={refusal} />
          </div>
        </div>
        <label className="instruments__check">
          <input type="checkbox" {...register('childcareAllowance')} />
          <span>{t('instruments.fields.childcareAllowance')}</span>
        </label>
        <div className="field">
          <label htmlFor="inst-profile">{t('instruments.fields.profile')}</label>
          <textarea id="inst-profile" className="input" rows={3} {...register('profile')} {...err('profile')} />
          <FieldError id="inst-profile-error" message={message('profile')} params={refusal} />
        </div>
        <h2>{t('instruments.form.sections')}</h2>
        {INSTRUMENT_SECTIONS.map((k) => (
          <div className="field" key={k}>
            <label htmlFor={`inst-section-${k}`}>{t(`instruments.section.${k}`)}</label>
            <textarea id={`inst-section-${k}`} className="input" rows={2} {...register(`sections.${k}`)} {...err(`sections.${k}`)} />
            <FieldError id={`inst-sections-${k}-error`} message={message(`sections.${k}`)} />
          </div>
        ))}
        <h2>{t('instruments.form.matching')}</h2>
        {pick('participantStatusIds', 'inst-statuses', t('instruments.fields.participantStatuses'), STATUS_NAMES.map((n) => ({ id: ParticipantStatus[n], name: tx(t, `participants.statusName.${n}`) })))}
        {pick('links.criterionIds', 'inst-criterionIds', t('instruments.fields.criterionIds'), criteria)}
        <h2>{t('instruments.form.links')}</h2>
        {pick('links.workplaceIds', 'inst-workplaceIds', t('instruments.fields.workplaceIds'), lists.workplaces)}
        {pick('links.disciplineIds', 'inst-disciplineIds', t('instruments.fields.disciplineIds'), lists.disciplines)}
        {pick('links.skillIds', 'inst-skillIds', t('instruments.fields.skillIds'), lists.skills)}
        {pick('links.competencyIds', 'inst-competencyIds', t('instruments.fields.competencyIds'), lists.competencies)}
        {pick('links.workOrderIds', 'inst-workOrderIds', t('instruments.fields.workOrderIds'), lists.workOrders)}
        <div className="instruments__actions">
          <button type="submit" className="button button--primary" disabled={isSubmitting}>{t('instruments.form.save')}</button>
          {saved && !errors.root?.server && <p role="status">{t('instruments.form.saved')}</p>}
          {errors.root?.server?.message && (
            <p ref={refusedRef} tabIndex={-1} role="alert" className="field-error">{reasonText(t, errors.root.server.message, refusal as ReasonParams | null)}</p>
          )}
        </div>
      </form>
      {instrument && instrument.id !== null && <LinkParticipants instrumentId={instrument.id} instrumentName={instrument.name} />}
      {instrument && <FilesSection target={{ kind: 'instrument', uuid: instrument.uuid, id: instrument.id }} viewer={viewer} />}
      {instrument && instrument.id === null && <p className="instruments__muted">{t('instruments.link.afterSync')}</p>}
    </section>
  );
}
