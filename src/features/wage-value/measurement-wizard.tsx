import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@tanstack/react-router';
import { measurementSteps, type MeasurementStep } from '../../domain/wage-value/constants';
import { draftOfDocument, emptyDraft, type MeasurementDocument, type MeasurementDraft, type ParticipantSnapshot } from '../../domain/wage-value/measurement';
import { stepPayload } from '../../domain/wage-value/schemas';
import { uuidv7 } from '../../domain/sync/uuid-v7';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { wageValueActions } from './actions';
import { useMeasurement, useMeasurementsOfParticipant, useParticipants, useStaffUsers, type ParticipantOption } from './queries';
import { useWageValueMe } from './use-me';
import { expertIsCoach, otherConcept, recentDefinitive } from './warnings';
import { LifeCycleActions } from './life-cycle-actions';
import { OutboxIssues } from './outbox-issues';
import { StepDetails } from './step-details';
import { StepResearch } from './step-research';
import { StepTasks } from './step-tasks';
import { StepNormFunction } from './step-norm-function';
import { StepPerformance } from './step-performance';
import { StepResult } from './step-result';
import { StepAdvice } from './step-advice';
import { StepSummary } from './step-summary';
import type { StepProps } from './step-props';
import { measurementResolver, shownIssues, stepOfPath, type ResolverContext, type ShownIssue } from './measurement-form';
import { followStoredDocument, newlyRefused, refusedChanges, unconfirmedByServer, wizardStartOf } from './wizard-start';
import { useOutboxRows } from '../../lib/replica/hooks';
import './wage-value.css';

const STEPS: Record<MeasurementStep, (p: StepProps) => React.JSX.Element> = {
  details: StepDetails, researchActivities: StepResearch, tasks: StepTasks, normFunction: StepNormFunction,
  workPerformance: StepPerformance, result: StepResult, advice: StepAdvice, summary: StepSummary,
};

function participantSnapshotOf(p: ParticipantOption | null): ParticipantSnapshot {
  return p ? { firstname: p.firstname, prefix: p.prefix, lastname: p.lastname, birthdate: p.birthdate } : {};
}

export type WizardMode = { kind: 'add' } | { kind: 'edit'; uuid: string } | { kind: 'copy'; fromUuid: string };

/** The measurement wizard (02 §2): eight steps, each saved as its own write; resumes at the saved step. */
export function MeasurementWizard({ mode }: { mode: WizardMode }) {
  const { t } = useTranslation();
  const stored = useMeasurement(mode.kind === 'edit' ? mode.uuid : null);
  const source = useMeasurement(mode.kind === 'copy' ? mode.fromUuid : null);
  useDocumentTitle(t(`wageValue.wizard.title.${mode.kind}`));
  const doc = mode.kind === 'edit' ? stored : mode.kind === 'copy' ? source : null;
  if (mode.kind !== 'add' && doc === null) return <p className="alert alert--error" role="alert">{t('wageValue.errors.notFound')}</p>;
  if (mode.kind !== 'add' && !doc) return <p aria-live="polite">{t('wageValue.wizard.loading')}</p>;
  const start = doc ? wizardStartOf(doc) : null;
  const initial = start?.draft ?? emptyDraft();
  // Resume at the step after the last saved one (the last step stays the last); a copy starts at the first.
  const step = mode.kind === 'edit' && start ? start.stepIndex : 0;
  return <WizardForm mode={mode} stored={mode.kind === 'edit' ? stored ?? null : null} initial={initial} initialStep={step} initialParticipant={doc?.participantId ?? null} />;
}

function WizardForm({ mode, stored, initial, initialStep, initialParticipant }: { mode: WizardMode; stored: MeasurementDocument | null; initial: MeasurementDraft; initialStep: number; initialParticipant: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useWageValueMe();
  const [newUuid] = useState(uuidv7);
  const uuid = mode.kind === 'edit' ? mode.uuid : newUuid;
  const participants = useParticipants();
  const sectionRef = useRef<HTMLElement>(null);
  const staff = useStaffUsers();
  const [participantId, setParticipantId] = useState<number | null>(initialParticipant);
  const [stepIndex, setStepIndex] = useState(initialStep);
  const [saving, setSaving] = useState(false);
  const [savedOnce, setSavedOnce] = useState(mode.kind === 'edit');
  // The version of the stored document the form shows, and whether the expert has touched the form.
  const [shownDoc, setShownDoc] = useState<MeasurementDocument | null>(stored);
  const [touched, setTouched] = useState(false);
  // A draft the form starts again from (a newer stored version, or the server's after a refusal).
  const [restart, setRestart] = useState<{ draft: MeasurementDraft } | null>(null);

  // One form for the whole measurement (react-hook-form): each step's save is validated by the write's
  // valibot schema and the server's rules (measurement-form.ts); the context names the step being saved.
  const { control, getValues, setValue, reset, trigger, handleSubmit, setError, formState } = useForm<MeasurementDraft, ResolverContext>({
    defaultValues: initial,
    resolver: measurementResolver,
    context: {
      uuid, stepIndex, participantId, copiedFromUuid: mode.kind === 'copy' && !savedOnce ? mode.fromUuid : null,
      translate: (key, params) => t(key as 'wageValue.errors.required', params),
    },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  });
  const draft = useWatch({ control }) as MeasurementDraft;
  const issues: ShownIssue[] = shownIssues(formState.errors);
  const submitted = formState.isSubmitted;
  const focusPending = useRef(false);

  const newer = mode.kind === 'edit' ? followStoredDocument(shownDoc, stored, touched) : null;
  if (newer) {
    // A newer version arrived before the expert touched the form (the replica was still catching up):
    // show it and resume at its step (state adjusted while rendering, React's pattern for derived state).
    setShownDoc(stored);
    setRestart({ draft: newer.draft });
    setStepIndex(newer.stepIndex);
    setParticipantId(newer.participantId);
  }
  // A change of this measurement refused by the server: the form starts again from the stored
  // document (rolled back to the server's version by the worker); the input stays on /wijzigingen.
  const outboxRows = useOutboxRows();
  const refused = outboxRows === undefined || mode.kind !== 'edit' ? null : refusedChanges(outboxRows, uuid);
  const [seenRefused, setSeenRefused] = useState<Set<string> | null>(refused);
  if (refused !== null && (seenRefused === null || refused.size !== seenRefused.size || [...refused].some((id) => !seenRefused.has(id)))) {
    setSeenRefused(refused);
    if (newlyRefused(seenRefused, refused) && stored) {
      const start = wizardStartOf(stored);
      setShownDoc(stored);
      setRestart({ draft: start.draft });
      setParticipantId(start.participantId);
      setTouched(false);
    }
  }
  useEffect(() => {
    // After a refused save the participant's message follows the choice (the context has the new one now).
    if (submitted) void trigger();
  }, [participantId, submitted, trigger]);
  useEffect(() => {
    // The form's values and messages start again (reset clears every message).
    if (restart) reset(restart.draft);
  }, [restart, reset]);
  useEffect(() => {
    // A new measurement or a copy names the signed-in expert as "Loonwaardedeskundige" (a copy keeps
    // the source's name unless it is empty), also when the session arrives after the form.
    if (mode.kind !== 'edit' && me && getValues('details.wageValueExpert').trim() === '') setValue('details.wageValueExpert', me.name);
  }, [me, mode.kind, getValues, setValue]);
  useEffect(() => {
    // After a refused save, focus moves to the first field in error once the messages are on screen
    // (else to the step's message): the fields are the project's own, so the DOM order decides.
    if (!focusPending.current) return;
    const section = sectionRef.current;
    const field = section?.querySelector<HTMLElement>('[aria-invalid="true"]:not(fieldset), fieldset[aria-invalid="true"] input');
    const message = section?.querySelector<HTMLElement>('[data-testid="save-reason"], [data-testid="step-errors"]');
    if (!field && !message) return;
    focusPending.current = false;
    (field ?? message)?.focus();
  });

  /** Messages and the submitted state go (a save succeeded, another step is shown); the values stay. */
  const clearMessages = () => reset(undefined, { keepValues: true, keepDirty: true, keepDefaultValues: true, keepTouched: true });
  const goTo = (i: number) => { setTouched(true); clearMessages(); setStepIndex(i); };

  const ofParticipant = useMeasurementsOfParticipant(participantId);
  const participant = participants?.find((p) => p.id === participantId) ?? null;
  const step = measurementSteps[stepIndex] ?? 'details';

  if (!me) return <p aria-live="polite">{t('wageValue.wizard.loading')}</p>;

  const status = mode.kind === 'edit' ? stored?.status ?? 'concept' : 'concept';
  const readOnly = status !== 'concept';
  // A measurement that can no longer be edited shows what the replica holds, never what the form kept.
  const viewDraft = readOnly && stored ? draftOfDocument(stored) : draft;
  const unconfirmed = mode.kind !== 'edit' || unconfirmedByServer(stored, outboxRows, uuid);
  const snapshot: ParticipantSnapshot = stored?.participantSnapshot && Object.keys(stored.participantSnapshot).length > 0
    ? stored.participantSnapshot
    : participantSnapshotOf(participant);
  const recent = ofParticipant ? recentDefinitive(ofParticipant, new Date(), uuid) : null;
  const concept = ofParticipant && !savedOnce ? otherConcept(ofParticipant, uuid) : null;
  const Step = STEPS[step];
  // Issues of fields on another step (the cross-step consistency: hours changed after the tasks) are
  // named with their step in the save's message; the others show on their field.
  const general = (i: ShownIssue) => i.path.startsWith('root.');
  const participantError = issues.find((i) => i.path === 'participantId')?.message ?? null;
  const serverReason = issues.find(general)?.message ?? null;
  const fieldIssues = issues.filter((i) => !general(i) && i.path !== 'participantId' && stepOfPath(i.path) === step);
  const elsewhere = issues.filter((i) => !general(i) && i.path !== 'participantId' && stepOfPath(i.path) !== step);
  const edit = (change: (d: MeasurementDraft) => void) => {
    setTouched(true);
    const next = structuredClone(getValues());
    change(next);
    for (const key of Object.keys(next) as (keyof MeasurementDraft)[]) setValue(key, next[key]);
    // After a refused save the messages follow the typing: each goes as soon as its field is valid.
    if (submitted) void trigger();
  };

  async function save(target: number): Promise<void> {
    setTouched(true);
    if (readOnly) { setStepIndex(target); return; }
    await handleSubmit(async (values) => {
      let replace = false;
      if (concept) {
        if (!window.confirm(t('wageValue.wizard.confirmReplaceConcept'))) return;
        replace = true;
      }
      if (participantId === null) return;
      setSaving(true);
      const answer = await wageValueActions.saveMeasurement(
        stepPayload(uuid, participantId, values, stepIndex + 1, { replaceExistingConcept: replace, copiedFromUuid: mode.kind === 'copy' && !savedOnce ? mode.fromUuid : null }),
        { isNew: !savedOnce, participantSnapshot: participantSnapshotOf(participant), createdByUserId: me?.userId },
      );
      setSaving(false);
      if (!answer.queued) {
        const key = answer.reason ?? 'wageValue.actions.failed';
        setError('root.server', { type: key, message: t(key as 'wageValue.errors.required') });
        focusPending.current = true;
        return;
      }
      // A successful save leaves no message behind.
      clearMessages();
      if (!savedOnce) {
        setSavedOnce(true);
        void navigate({ to: '/wage-value/measurement/edit/$measurementId', params: { measurementId: uuid }, replace: true });
      }
      setStepIndex(target);
    }, () => { focusPending.current = true; })();
  }

  const expertCoach = participant !== null && expertIsCoach(participant.coachId, stored?.createdByUserId ?? me.userId, draft.details.wageValueExpert, staff);
  const elsewhereText = (i: ShownIssue): string => {
    const task = /^tasks\.(\d+)\./.exec(i.path);
    const message = task ? t('wageValue.errors.inTask', { n: Number(task[1]) + 1, message: i.message }) : i.message;
    return t('wageValue.wizard.otherStepError', { step: t(`wageValue.steps.${stepOfPath(i.path)}`), message });
  };

  return (
    <section ref={sectionRef} className="wv-page" aria-labelledby="wv-title">
      <header className="wv-page__header">
        <h1 id="wv-title">{t(`wageValue.wizard.title.${mode.kind}`)}</h1>
        <span className={`wv-status wv-status--${status}`} data-testid="measurement-status">{t(`wageValue.options.status.${status}`)}</span>
      </header>
      <div className="field wv-participant">
        <label className="field__label" htmlFor="wv-participant">{t('wageValue.fields.participant')}</label>
        <select id="wv-participant" className="input" value={participantId ?? ''} disabled={savedOnce || readOnly}
          aria-invalid={participantError !== null} aria-describedby={participantError ? 'wv-participant-error' : undefined}
          onChange={(e) => {
            const next = e.target.value === '' ? null : Number(e.target.value);
            setParticipantId(next);
          }}>
          <option value="">{t('wageValue.wizard.chooseParticipant')}</option>
          {(participants ?? []).map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
        </select>
        {participantError ? <span id="wv-participant-error" className="field__error" role="alert">{participantError}</span> : null}
      </div>
      {expertCoach ? <p className="alert alert--warning" role="status">{t('wageValue.wizard.ownCoachWarning')}</p> : null}
      {recent ? <p className="alert alert--warning" role="status">{t('wageValue.wizard.recentDefinitiveWarning')}</p> : null}
      {concept ? <p className="alert alert--warning" role="status">{t('wageValue.wizard.existingConceptWarning')}</p> : null}
      {readOnly ? <p className="alert alert--warning" role="status">{t(status === 'definitive' ? 'wageValue.wizard.definitiveNotice' : 'wageValue.errors.cancelled')}</p> : null}
      <nav aria-label={t('wageValue.wizard.steps')}>
        <ol className="wv-steps">
          {measurementSteps.map((s, i) => (
            <li key={s}>
              <button type="button" className="wv-steps__step" aria-current={i === stepIndex ? 'step' : undefined} disabled={saving || (!savedOnce && i > 0)}
                onClick={() => (i === stepIndex ? undefined : readOnly || i < stepIndex ? goTo(i) : void save(i))}>
                <span className="wv-steps__n">{i + 1}</span> {t(`wageValue.steps.${s}`)}
              </button>
            </li>
          ))}
        </ol>
      </nav>
      <form className="wv-step card" aria-labelledby="wv-step-title" noValidate onSubmit={(e) => { e.preventDefault(); void save(Math.min(stepIndex + 1, measurementSteps.length - 1)); }}>
        <h2 id="wv-step-title">{t(`wageValue.steps.${step}`)}</h2>
        {fieldIssues.length > 0 ? <p className="alert alert--error" role="alert" tabIndex={-1} data-testid="step-errors">{t('wageValue.wizard.stepHasErrors', { count: fieldIssues.length })}</p> : null}
        <Step draft={viewDraft} edit={edit} issues={readOnly ? [] : fieldIssues} readOnly={readOnly} />
        {serverReason || elsewhere.length > 0 ? (
          <div className="alert alert--error" role="alert" tabIndex={-1} data-testid="save-reason">
            {serverReason ? <p>{serverReason}</p> : null}
            {elsewhere.map((i) => <p key={i.path}>{elsewhereText(i)}</p>)}
          </div>
        ) : null}
        <div className="wv-step__actions">
          <button type="button" className="button" disabled={stepIndex === 0 || saving} onClick={() => goTo(stepIndex - 1)}>{t('wageValue.wizard.previous')}</button>
          {!readOnly ? (
            <button type="submit" className="button button--primary" disabled={saving}>
              {t(stepIndex === measurementSteps.length - 1 ? 'wageValue.wizard.save' : 'wageValue.wizard.saveAndNext')}
            </button>
          ) : stepIndex < measurementSteps.length - 1 ? (
            <button type="button" className="button" onClick={() => goTo(stepIndex + 1)}>{t('wageValue.wizard.next')}</button>
          ) : null}
        </div>
      </form>
      {savedOnce ? <OutboxIssues collections={['wageValueMeasurements']} target={uuid} /> : null}
      {savedOnce ? <LifeCycleActions uuid={uuid} status={status} draft={viewDraft} participant={snapshot} unconfirmed={unconfirmed} /> : null}
    </section>
  );
}
