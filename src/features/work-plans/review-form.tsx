import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch, type FieldError as HookFieldError, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { SaveReviewSchema, issuesByField, type SaveReviewInput } from '../../domain/work-plan/inputs';
import { uuidv7 } from '../../domain/sync/uuid-v7';
import { reportError } from '../../lib/error-reporting';
import { workPlans } from './actions';
import { draftKey, dropDraft, loadDraft, saveDraft } from './draft-store';
import { DateFieldControl } from '../../lib/forms/date-field-control';
import { FieldError } from './field-error';
import { todayIso } from './format';
import type { RoundStop } from './queries';
import { ScorePicker } from './score-picker';


const NO_SCORES: Record<string, number> = {};
/**
 * The coach's review of one assignment: a score per behaviour and skill (the last review's beside it),
 * top, tip and date. Every change is kept as a draft in IndexedDB; saving queues the review.
 */
type ReviewValues = { scores: Record<string, number>; top: string; tip: string; date: string };

/** The write's input of the form's values (the scores map as lines in the order of the items). */
function reviewInput(stop: RoundStop, values: ReviewValues, uuid: string): v.InferInput<typeof SaveReviewSchema> {
  const lines = stop.items
    .filter((i) => values.scores[i.key] !== undefined)
    .map((i) => (i.kind === 'behavior' ? { behaviorId: i.id, score: values.scores[i.key]! } : { skillId: i.id, score: values.scores[i.key]! }));
  return { uuid, assignmentUuid: stop.assignment.uuid, date: values.date, scores: lines, top: values.top.trim() || null, tip: values.tip.trim() || null };
}

/**
 * The review form's resolver: the write's own valibot schema (SaveReviewSchema) on the input the form
 * makes; the schema's issues land on the form's fields ("Geef ten minste één score" on the scores).
 */
function reviewResolver(stop: RoundStop): Resolver<ReviewValues, unknown, SaveReviewInput> {
  return (values) => {
    // The write's uuid is drawn at save time; the schema sees a well-formed one.
    const parsed = v.safeParse(SaveReviewSchema, reviewInput(stop, values, uuidv7()));
    if (parsed.success) return { values: parsed.output, errors: {} };
    const errors: FieldErrors<ReviewValues> = {};
    for (const [path, message] of Object.entries(issuesByField(parsed.issues))) {
      const name: keyof ReviewValues = path === 'date' || path === 'top' || path === 'tip' ? path : 'scores';
      (errors as Record<string, HookFieldError>)[name] ??= { type: 'validate', message };
    }
    return { values: {}, errors };
  };
}

/**
 * The coach's review of one assignment: a score per behaviour and skill (the last review's beside it),
 * top, tip and date. react-hook-form with the write's valibot schema: a message goes as soon as its
 * field is valid, focus moves to the first error. Every change is kept as a draft in IndexedDB; saving
 * queues the review.
 */
export function ReviewForm({ stop, userId, onSaved }: { stop: RoundStop; userId: number; onSaved: () => void }) {
  const { t } = useTranslation();
  const key = draftKey(userId, stop.assignment.uuid);
  const { register, handleSubmit, reset, setValue, control, trigger, formState: { errors, isSubmitted } } = useForm<ReviewValues, unknown, SaveReviewInput>({
    defaultValues: { scores: {}, top: '', tip: '', date: todayIso() },
    resolver: reviewResolver(stop),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const [restored, setRestored] = useState(false);
  const loaded = useRef(false);
  const watched = useWatch({ control });
  const scores = (watched.scores ?? NO_SCORES) as Record<string, number>;
  const top = watched.top ?? '';
  const tip = watched.tip ?? '';
  const date = watched.date ?? '';
  // After a refused save the scores message follows the choices (gone as soon as a score is given).
  useEffect(() => {
    if (isSubmitted) void trigger('scores');
  }, [isSubmitted, trigger, scores]);

  useEffect(() => {
    loaded.current = false;
    let stale = false;
    loadDraft(key).then((d) => {
      if (stale) return;
      reset({ scores: d?.scores ?? {}, top: d?.top ?? '', tip: d?.tip ?? '', date: d?.date ?? todayIso() });
      setRestored(!!d);
      loaded.current = true;
    }, reportError);
    return () => {
      stale = true;
    };
  }, [key, reset]);

  useEffect(() => {
    if (!loaded.current) return;
    const empty = Object.keys(scores).length === 0 && !top && !tip;
    const done: Promise<unknown> = empty ? dropDraft(key) : saveDraft({ key, scores, top, tip, date, savedAt: Date.now() });
    done.catch(reportError);
  }, [key, scores, top, tip, date]);

  const save = (input: SaveReviewInput) => {
    workPlans().saveReview({ ...input, uuid: uuidv7() }, { assignmentId: stop.assignment.id, participantId: stop.participantId, userId })
      .then(() => dropDraft(key))
      .then(() => {
        // A successful save leaves no message behind.
        reset({ scores: {}, top: '', tip: '', date: todayIso() });
        setRestored(false);
        onSaved();
      }, reportError);
  };
  // Focus to the first field in error: the first score when no score is given, else the date.
  const refused = (form: HTMLFormElement, e: FieldErrors<ReviewValues>) => {
    if (e.scores) form?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
    else if (e.date) form?.querySelector<HTMLInputElement>('#review-date')?.focus();
  };

  const last = stop.assignment.lastScores;
  return (
    <form className="review-form" onSubmit={(e) => { const form = e.currentTarget; void handleSubmit(save, (errs) => refused(form, errs))(e); }} noValidate aria-label={t('workPlans.review.title')}>
      {restored && <p role="status" className="alert">{t('workPlans.review.draftRestored')}</p>}
      {stop.assignment.reviewRequestedAt && <p className="alert alert--warning">{t('workPlans.review.requested')}</p>}
      {stop.items.map((i) => (
        <ScorePicker
          key={i.key}
          name={`score-${i.key}`}
          label={i.name}
          target={i.targetScore}
          hint={last.has(i.key) ? t('workPlans.review.last', { score: last.get(i.key) }) : t('workPlans.review.noLast')}
          value={scores[i.key] ?? null}
          onChange={(s) => setValue('scores', { ...scores, [i.key]: s }, { shouldDirty: true })}
        />
      ))}
      <FieldError id="review-scores-error" message={(errors.scores as HookFieldError | undefined)?.message} />
      <div className="field">
        <label htmlFor="review-top">{t('workPlans.review.top')}</label>
        <textarea id="review-top" className="input" rows={2} {...register('top')} />
      </div>
      <div className="field">
        <label htmlFor="review-tip">{t('workPlans.review.tip')}</label>
        <textarea id="review-tip" className="input" rows={2} {...register('tip')} />
      </div>
      <div className="field">
        <label htmlFor="review-date">{t('workPlans.review.date')}</label>
        <DateFieldControl control={control} name="date" id="review-date" errorId="review-date-error" />
        <FieldError id="review-date-error" message={errors.date?.message} />
      </div>
      <button type="submit" className="button button--primary review-form__save">{t('workPlans.review.save')}</button>
    </form>
  );
}
