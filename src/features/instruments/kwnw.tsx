import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useRouter } from '@tanstack/react-router';
import { planContentOf, type SavePlanOfApproachInput } from '../../domain/instruments/plan-of-approach';
import type { KwnwAccessFlag } from '../../domain/instruments/features';
import { ParticipantStatus, participantStatusNames } from '../../domain/shared/participant-status';
import { uuidv7 } from '../../domain/sync/uuid-v7';
import type { ReplicaDocument } from '../../domain/sync/types';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { NavLink } from '../../lib/ui/nav-link';
import { reportError } from '../../lib/error-reporting';
import { syncApi } from '../../lib/sync-client';
import { DateFieldControl } from '../../lib/forms/date-field-control';
import { planRefusedField, planResolver, type PlanValues } from './form-schemas';
import { useServerRefusal } from './use-refusal';
import { reasonText } from '../../lib/ui/reason-text';
import type { ReasonParams } from '../../lib/api/api-error';
import { useAreaSettings, useLadder, useMatchRows, usePeople, usePlansOf, useWorkPlansOf } from './hooks';
import { text } from './queries';
import { paths } from './paths';
import { AreaOff } from './area-off';
import { InstrumentMatching } from './matching';
import './instruments.css';
import { FieldError, formatDate, todayIso, tx } from './ui';

type Part = 'index' | 'status' | 'plan' | 'workPlans' | 'match';
const PART_FLAG: Record<Part, KwnwAccessFlag> = { index: 'kwnw', status: 'status', plan: 'planOfApproach', workPlans: 'kwnw', match: 'instrument' };

/**
 * KWNW, the shortest route to work (02 §1-2): a frame with the participant and the parts the company's version
 * and access flags offer (status, plan of approach, work plans, instrument matching). A part switched off
 * shows why; the server answers nothing for it either.
 */
/** `ownHeading`: the page inside brings its own `<h1>` (a work plan's name), so the frame shows none: one `<h1>` a page. */
export function KwnwFrame({ part, participantId, ownHeading = false, children }: { part: Part; participantId?: number; ownHeading?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const settings = useAreaSettings();
  const people = usePeople();
  const person = participantId ? people?.find((p) => p.id === participantId) : undefined;
  const title = t(`instruments.kwnw.part.${part}`);
  useDocumentTitle(person ? `${title} · ${person.name}` : title);
  if (!settings) return <p role="status">{t('instruments.loading')}</p>;
  if (!settings.kwnw.kwnw) return <AreaOff what="kwnw" />;
  const flag = PART_FLAG[part];
  if (!settings.kwnw[flag]) return <AreaOff what={flag === 'planOfApproach' ? 'planOfApproach' : flag} />;
  const tabs: { part: Part; href: string; on: boolean }[] = participantId
    ? [
        { part: 'status', href: paths.kwnwStatus(participantId), on: settings.kwnw.status },
        { part: 'plan', href: paths.kwnwPlan(participantId), on: settings.kwnw.planOfApproach },
        { part: 'workPlans', href: paths.kwnwWorkPlanAdd(participantId), on: true },
        { part: 'match', href: paths.kwnwMatch(participantId), on: settings.kwnw.instrument },
      ]
    : [];
  return (
    <section className="instruments kwnw" {...(ownHeading ? { 'aria-label': title } : { 'aria-labelledby': 'kwnw-title' })}>
      <p className="instruments__muted">
        <NavLink href={paths.kwnw}>{t('instruments.kwnw.title')}</NavLink> · {t(`instruments.kwnw.version.${settings.kwnwVersion}`)}
      </p>
      {!ownHeading && <h1 id="kwnw-title">{person ? t('instruments.kwnw.heading', { part: title, name: person.name }) : title}</h1>}
      {participantId && people && !person && <p role="status">{t('instruments.kwnw.participantNotFound')}</p>}
      {tabs.length > 0 && (
        <nav className="instruments__tabs" aria-label={t('instruments.kwnw.parts')}>
          {tabs.filter((x) => x.on).map((x) => (
            <NavLink key={x.part} href={x.href} current={x.part === part} className="instruments__tab">{t(`instruments.kwnw.part.${x.part}`)}</NavLink>
          ))}
        </nav>
      )}
      {(!participantId || person) && children}
    </section>
  );
}

/** /kwnw, /kwnw/status, /kwnw/plan: the participants on the route to work (status KWNW or with a plan), and any other of the caseload. */
export function KwnwParticipants({ target }: { target: 'status' | 'plan' }) {
  const { t } = useTranslation();
  const router = useRouter();
  const people = usePeople();
  const [other, setOther] = useState('');
  if (!people) return <p role="status">{t('instruments.loading')}</p>;
  const onRoute = people.filter((p) => p.statusId === ParticipantStatus.KWNW);
  const href = (id: number) => (target === 'plan' ? paths.kwnwPlan(id) : paths.kwnwStatus(id));
  return (
    <>
      <h2>{t('instruments.kwnw.onRoute')}</h2>
      {onRoute.length === 0 ? (
        <p className="instruments__muted">{t('instruments.kwnw.noneOnRoute')}</p>
      ) : (
        <ul className="instruments__links">
          {onRoute.map((p) => (
            <li key={p.id}><NavLink href={href(p.id)}>{p.name}</NavLink></li>
          ))}
        </ul>
      )}
      <form className="instruments__search" onSubmit={(e) => { e.preventDefault(); if (other) void router.navigate({ href: href(Number(other)) }); }}>
        <label htmlFor="kwnw-other">{t('instruments.kwnw.other')}</label>
        <select id="kwnw-other" className="input" value={other} onChange={(e) => setOther(e.target.value)}>
          <option value="">{t('instruments.kwnw.choose')}</option>
          {people.map((p) => <option key={p.id} value={String(p.id)}>{p.name}</option>)}
        </select>
        <button type="submit" className="button">{t('instruments.kwnw.open')}</button>
      </form>
    </>
  );
}

const statusName = (id: number | null) => participantStatusNames.find((n) => ParticipantStatus[n] === id);

/** /kwnw/status/:participant: the participant's route to work in four steps. */
export function KwnwStatus({ participantId }: { participantId: number }) {
  const { t, i18n } = useTranslation();
  const settings = useAreaSettings();
  const people = usePeople();
  const ladder = useLadder(participantId);
  const plans = usePlansOf(participantId);
  const workPlans = useWorkPlansOf(participantId);
  const matches = useMatchRows({ participantId });
  const person = people?.find((p) => p.id === participantId);
  if (!person || plans === undefined || !workPlans || !matches || !settings) return <p role="status">{t('instruments.loading')}</p>;
  const name = statusName(person.statusId);
  const plan = plans.find((p) => text(p.kwnwVersion) === settings.kwnwVersion) ?? null;
  const content = planContentOf(plan?.content);
  const today = todayIso();
  const nextDue = content.agreements.map((a) => a.due ?? '').filter((d) => d >= today).sort()[0];
  return (
    <ol className="instruments__route">
      <li className="card">
        <h2>{t('instruments.kwnw.step.status')}</h2>
        <p>{t('instruments.kwnw.currentStatus', { status: name ? tx(t, `participants.statusName.${name}`) : '—' })}</p>
        <p className="instruments__muted">
          {ladder ? t('instruments.kwnw.ladder', { step: ladder.step, date: formatDate(ladder.assessedOn, i18n.language) }) : t('instruments.kwnw.noLadder')}
        </p>
      </li>
      {settings.kwnw.planOfApproach && (
        <li className="card">
          <h2>{t('instruments.kwnw.step.plan')}</h2>
          {plan ? (
            <>
              <p>{t(`instruments.plan.status.${text(plan.status) === 'closed' ? 'closed' : 'open'}`)} · {content.goal}</p>
              <p className="instruments__muted">
                {t('instruments.kwnw.agreements', { count: content.agreements.length })}
                {nextDue ? ` · ${t('instruments.kwnw.nextDue', { date: formatDate(nextDue, i18n.language) })}` : ''}
              </p>
            </>
          ) : (
            <p className="instruments__muted">{t('instruments.kwnw.noPlan')}</p>
          )}
          <NavLink href={paths.kwnwPlan(participantId)} className="button">{t(plan ? 'instruments.kwnw.editPlan' : 'instruments.kwnw.makePlan')}</NavLink>
        </li>
      )}
      <li className="card">
        <h2>{t('instruments.kwnw.step.workPlans')}</h2>
        {workPlans.length === 0 ? (
          <p className="instruments__muted">{t('instruments.kwnw.noWorkPlans')}</p>
        ) : (
          <ul className="instruments__links">
            {workPlans.map((w) => (
              <li key={w.uuid}>
                <NavLink href={paths.kwnwWorkPlan(w.id ?? w.uuid)}>{w.name}</NavLink> · {tx(t, `workPlans.status.${w.status}`)}
              </li>
            ))}
          </ul>
        )}
        <NavLink href={paths.kwnwWorkPlanAdd(participantId)} className="button">{t('instruments.kwnw.addWorkPlan')}</NavLink>
      </li>
      {settings.kwnw.instrument && (
        <li className="card">
          <h2>{t('instruments.kwnw.step.instruments')}</h2>
          {matches.length === 0 ? (
            <p className="instruments__muted">{t('instruments.kwnw.noInstruments')}</p>
          ) : (
            <ul className="instruments__links">
              {matches.map((m) => (
                <li key={m.uuid}>{m.instrumentName} {t('instruments.link.period', { start: formatDate(m.startDate, i18n.language), end: formatDate(m.endDate, i18n.language) })}</li>
              ))}
            </ul>
          )}
          <NavLink href={paths.kwnwMatch(participantId)} className="button">{t('instruments.kwnw.matchInstruments')}</NavLink>
        </li>
      )}
    </ol>
  );
}

/** /kwnw/plan/:participant: the plan of approach of the company's KWNW version (create or edit); other versions' plans read only. */
export function KwnwPlan({ participantId }: { participantId: number }) {
  const { t } = useTranslation();
  const settings = useAreaSettings();
  const plans = usePlansOf(participantId);
  if (!settings || plans === undefined) return <p role="status">{t('instruments.loading')}</p>;
  const current = plans.find((p) => text(p.kwnwVersion) === settings.kwnwVersion) ?? null;
  const older = plans.filter((p) => p !== current && text(p.kwnwVersion) !== settings.kwnwVersion);
  return (
    <>
      <PlanForm key={current?.uuid ?? 'new'} participantId={participantId} plan={current} />
      {older.map((p) => {
        const c = planContentOf(p.content);
        return (
          <section key={p.uuid} className="card instruments__section" aria-label={t('instruments.plan.olderVersion', { version: text(p.kwnwVersion) })}>
            <h2>{t('instruments.plan.olderVersion', { version: text(p.kwnwVersion) })}</h2>
            <p>{c.goal}</p>
          </section>
        );
      })}
    </>
  );
}

function PlanForm({ participantId, plan }: { participantId: number; plan: ReplicaDocument | null }) {
  const { t } = useTranslation();
  const [defaults] = useState<PlanValues>(() => {
    const start = planContentOf(plan?.content);
    return {
      goal: start.goal,
      strengths: start.strengths.join('\n'),
      obstacles: start.obstacles.join('\n'),
      agreements: start.agreements.map((a) => ({ description: a.description, due: a.due ?? '' })),
      status: text(plan?.status) === 'closed' ? 'closed' : 'open',
    };
  });
  const [uuid] = useState(() => plan?.uuid ?? uuidv7());
  const [resolver] = useState(() => planResolver({ uuid, participantId }));
  const { register, control, handleSubmit, reset, getValues, setError, setFocus, formState: { errors, isSubmitting } } = useForm<PlanValues, unknown, SavePlanOfApproachInput>({
    resolver,
    defaultValues: defaults,
    reValidateMode: 'onChange',
  });
  const agreements = useFieldArray({ control, name: 'agreements' });
  const [saved, setSaved] = useState(false);
  const refusedRef = useRef<HTMLParagraphElement>(null);
  const focusRefused = useCallback(() => refusedRef.current?.focus(), []);
  // The server's refusals of a plan (not allowed, KWNW off, a plan already there) are about the plan as a whole.
  const refusal = useServerRefusal('instruments.savePlanOfApproach', uuid, { setError, setFocus }, planRefusedField, focusRefused);

  const save = async (input: SavePlanOfApproachInput) => {
    const values = getValues();
    try {
      await syncApi().instruments.savePlanOfApproach(input);
      // Saved (queued when offline): what was typed stays, no message is left.
      reset(values);
      setSaved(true);
    } catch (error) {
      reportError(error);
    }
  };
  const err = (k: string, message: string | undefined, hint?: string) => ({
    'aria-invalid': message ? true : undefined,
    'aria-describedby': [hint, message ? `plan-${k.replace(/\./g, '-')}-error` : undefined].filter(Boolean).join(' ') || undefined,
  });

  return (
    <form className="instruments__form" onSubmit={(e) => { setSaved(false); void handleSubmit(save)(e); }} noValidate aria-label={t('instruments.kwnw.part.plan')}>
      {!plan && <p className="instruments__muted">{t('instruments.plan.new')}</p>}
      {plan?._pending === true && <p className="wp-pending">{t('instruments.pending')}</p>}
      <div className="field">
        <label htmlFor="plan-goal">{t('instruments.plan.goal')}</label>
        <textarea id="plan-goal" className="input" rows={3} {...register('goal')} {...err('goal', errors.goal?.message)} />
        <FieldError id="plan-goal-error" message={errors.goal?.message} />
      </div>
      <div className="field">
        <label htmlFor="plan-strengths">{t('instruments.plan.strengths')}</label>
        <textarea id="plan-strengths" className="input" rows={3} {...register('strengths')} {...err('strengths', errors.strengths?.message, 'plan-lines-hint')} />
        <FieldError id="plan-strengths-error" message={errors.strengths?.message} />
      </div>
      <div className="field">
        <label htmlFor="plan-obstacles">{t('instruments.plan.obstacles')}</label>
        <textarea id="plan-obstacles" className="input" rows={3} {...register('obstacles')} {...err('obstacles', errors.obstacles?.message, 'plan-lines-hint')} />
        <FieldError id="plan-obstacles-error" message={errors.obstacles?.message} />
        <p id="plan-lines-hint" className="instruments__muted">{t('instruments.plan.linesHint')}</p>
      </div>
      <fieldset className="instruments__pick" aria-describedby={errors.agreements?.root?.message || errors.agreements?.message ? 'plan-agreements-error' : undefined}>
        <legend>{t('instruments.plan.agreements')}</legend>
        {agreements.fields.length === 0 && <p className="instruments__muted">{t('instruments.plan.noAgreements')}</p>}
        {agreements.fields.map((a, i) => {
          const e = errors.agreements?.[i];
          return (
            <div key={a.id} className="instruments__agreement">
              <div className="field">
                <label htmlFor={`plan-a${i}`}>{t('instruments.plan.agreement', { n: i + 1 })}</label>
                <input id={`plan-a${i}`} className="input" {...register(`agreements.${i}.description`)} {...err(`agreements.${i}.description`, e?.description?.message)} />
                <FieldError id={`plan-agreements-${i}-description-error`} message={e?.description?.message} />
              </div>
              <div className="field">
                <label htmlFor={`plan-d${i}`}>{t('instruments.plan.due')}</label>
                <DateFieldControl control={control} name={`agreements.${i}.due`} id={`plan-d${i}`} invalid={!!e?.due} errorId={`plan-agreements-${i}-due-error`} />
                <FieldError id={`plan-agreements-${i}-due-error`} message={e?.due?.message} />
              </div>
              <button type="button" className="button" onClick={() => agreements.remove(i)}>{t('instruments.plan.remove', { n: i + 1 })}</button>
            </div>
          );
        })}
        <button type="button" className="button" onClick={() => agreements.append({ description: '', due: '' })}>{t('instruments.plan.addAgreement')}</button>
        <FieldError id="plan-agreements-error" message={errors.agreements?.root?.message ?? errors.agreements?.message} />
      </fieldset>
      <div className="field">
        <label htmlFor="plan-status">{t('instruments.plan.statusLabel')}</label>
        <select id="plan-status" className="input" {...register('status')}>
          <option value="open">{t('instruments.plan.status.open')}</option>
          <option value="closed">{t('instruments.plan.status.closed')}</option>
        </select>
      </div>
      <div className="instruments__actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting}>{t('instruments.plan.save')}</button>
        {saved && !errors.root?.server && <p role="status">{t('instruments.plan.saved')}</p>}
        {errors.root?.server?.message && (
          <p ref={refusedRef} tabIndex={-1} role="alert" className="field-error">{reasonText(t, errors.root.server.message, refusal as ReasonParams | null)}</p>
        )}
      </div>
    </form>
  );
}

/** /kwnw/instruments/match?participant=: instrument matching for the participant (the case screen's matching). */
export function KwnwMatch({ participantId }: { participantId: number }) {
  return <InstrumentMatching participantId={participantId} />;
}

/** The participant's work plans on the route to work, each opened inside KWNW. */
export function KwnwWorkPlans({ participantId }: { participantId: number }) {
  const { t, i18n } = useTranslation();
  const rows = useWorkPlansOf(participantId);
  return (
    <section className="instruments__section" aria-labelledby="kwnw-wp-title">
      <h2 id="kwnw-wp-title">{t('instruments.kwnw.step.workPlans')}</h2>
      {!rows ? (
        <p role="status">{t('instruments.loading')}</p>
      ) : rows.length === 0 ? (
        <p className="instruments__muted">{t('instruments.kwnw.noWorkPlans')}</p>
      ) : (
        <ul className="instruments__links">
          {rows.map((w) => (
            <li key={w.uuid}>
              <NavLink href={paths.kwnwWorkPlan(w.id ?? w.uuid)}>{w.name}</NavLink> · {tx(t, `workPlans.status.${w.status}`)} · {formatDate(w.startDate, i18n.language)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
