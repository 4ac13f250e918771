import { useEffect, useState } from 'react';
import { useForm, useWatch, type FieldError as HookFieldError, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { SaveSelfReviewSchema, issuesByField, type SaveSelfReviewInput } from '../../domain/work-plan/inputs';
import { uuidv7 } from '../../domain/sync/uuid-v7';
import { reportError } from '../../lib/error-reporting';
import { workPlans } from './actions';
import { FieldError } from './field-error';
import type { AssignmentView, ItemView } from './queries';
import { ScorePicker } from './score-picker';

type SelfValues = { scores: Record<string, number>; top: string; tip: string };


const NO_SCORES: Record<string, number> = {};
/** The self-review form's resolver: the write's own valibot schema on the input the form makes. */
function selfResolver(a: AssignmentView, items: ItemView[]): Resolver<SelfValues, unknown, SaveSelfReviewInput> {
  return (values) => {
    const lines = items
      .filter((i) => values.scores[i.key] !== undefined)
      .map((i) => (i.kind === 'behavior' ? { behaviorId: i.id, score: values.scores[i.key]! } : { skillId: i.id, score: values.scores[i.key]! }));
    const parsed = v.safeParse(SaveSelfReviewSchema, { uuid: uuidv7(), assignmentUuid: a.uuid, scores: lines, top: values.top.trim() || null, tip: values.tip.trim() || null });
    if (parsed.success) return { values: parsed.output, errors: {} };
    const errors: FieldErrors<SelfValues> = {};
    for (const [path, message] of Object.entries(issuesByField(parsed.issues))) {
      const name: keyof SelfValues = path === 'top' || path === 'tip' ? path : 'scores';
      (errors as Record<string, HookFieldError>)[name] ??= { type: 'validate', message };
    }
    return { values: {}, errors };
  };
}

/**
 * The participant scores themself on one assignment (0 = no score) and may ask the coach for a review.
 * react-hook-form with the write's valibot schema: the message goes once a score, top or tip is given;
 * focus moves to the first score after a refused save.
 */
export function SelfReviewForm({ a, items, participantId }: { a: AssignmentView; items: ItemView[]; participantId: number }) {
  const { t } = useTranslation();
  const { register, handleSubmit, reset, setValue, control, trigger, formState: { errors: formErrors, isSubmitted } } = useForm<SelfValues, unknown, SaveSelfReviewInput>({
    defaultValues: { scores: {}, top: '', tip: '' },
    resolver: selfResolver(a, items),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const [requestError, setRequestError] = useState<string | undefined>(undefined);
  const [notice, setNotice] = useState<string | null>(null);
  const watched = useWatch({ control });
  const scores = (watched.scores ?? NO_SCORES) as Record<string, number>;
  const top = watched.top ?? '';
  const tip = watched.tip ?? '';
  // The "give a score, a top or a tip" message follows every field after a refused save.
  useEffect(() => {
    if (isSubmitted) void trigger('scores');
  }, [isSubmitted, trigger, scores, top, tip]);

  const save = (input: SaveSelfReviewInput) => {
    workPlans().saveSelfReview({ ...input, uuid: uuidv7() }, { assignmentId: a.id, participantId }).then(() => {
      reset({ scores: {}, top: '', tip: '' });
      setNotice(t('workPlans.self.saved'));
    }, reportError);
  };

  const request = () => {
    if (a.reviewRequestedAt) {
      setRequestError('workPlans.errors.alreadyRequested');
      return;
    }
    setRequestError(undefined);
    workPlans().requestReview({ assignmentUuid: a.uuid }).then(() => setNotice(t('workPlans.self.requested')), reportError);
  };

  const id = `self-${a.uuid}`;
  return (
    <div className="self-review">
      <div className="self-review__request">
        <button type="button" className="button" onClick={request}>{t('workPlans.self.request')}</button>
        <FieldError id={`${id}-request`} message={requestError} />
      </div>
      <details className="self-review__details">
        <summary>{t('workPlans.self.title')}</summary>
        <form onSubmit={(e) => { const form = e.currentTarget; void handleSubmit(save, () => form.querySelector<HTMLInputElement>('input[type="radio"]')?.focus())(e); }} noValidate aria-label={`${t('workPlans.self.title')}: ${a.workOrderName}`}>
          <p>{t('workPlans.self.intro')}</p>
          {items.map((i) => (
            <ScorePicker key={i.key} name={`${id}-${i.key}`} label={i.name} withZero value={scores[i.key] ?? null} onChange={(s) => setValue('scores', { ...scores, [i.key]: s }, { shouldDirty: true })} />
          ))}
          <div className="field">
            <label htmlFor={`${id}-top`}>{t('workPlans.self.top')}</label>
            <textarea id={`${id}-top`} className="input" rows={2} {...register('top')} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-tip`}>{t('workPlans.self.tip')}</label>
            <textarea id={`${id}-tip`} className="input" rows={2} {...register('tip')} />
          </div>
          <FieldError id={`${id}-error`} message={(formErrors.scores as HookFieldError | undefined)?.message ?? formErrors.top?.message ?? formErrors.tip?.message} />
          <button type="submit" className="button button--primary">{t('workPlans.self.save')}</button>
        </form>
      </details>
      {notice && <p role="status">{notice}</p>}
    </div>
  );
}
