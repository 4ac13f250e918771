import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { SaveReviewSchema, issuesByField } from '../../domain/work-plan/inputs';
import { uuidv7 } from '../../domain/sync/uuid-v7';
import { reportError } from '../../lib/error-reporting';
import { workPlans } from './actions';
import { draftKey, dropDraft, loadDraft, saveDraft } from './draft-store';
import { FieldError } from './field-error';
import { todayIso } from './format';
import type { RoundStop } from './queries';
import { ScorePicker } from './score-picker';

/**
 * The coach's review of one assignment: a score per behaviour and skill (the last review's beside it),
 * top, tip and date. Every change is kept as a draft in IndexedDB; saving queues the review.
 */
export function ReviewForm({ stop, userId, onSaved }: { stop: RoundStop; userId: number; onSaved: () => void }) {
  const { t } = useTranslation();
  const key = draftKey(userId, stop.assignment.uuid);
  const [scores, setScores] = useState<Record<string, number>>({});
  const [top, setTop] = useState('');
  const [tip, setTip] = useState('');
  const [date, setDate] = useState(todayIso());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [restored, setRestored] = useState(false);
  const loaded = useRef(false);

  useEffect(() => {
    loaded.current = false;
    let stale = false;
    loadDraft(key).then((d) => {
      if (stale) return;
      setScores(d?.scores ?? {});
      setTop(d?.top ?? '');
      setTip(d?.tip ?? '');
      setDate(d?.date ?? todayIso());
      setRestored(!!d);
      setErrors({});
      loaded.current = true;
    }, reportError);
    return () => {
      stale = true;
    };
  }, [key]);

  useEffect(() => {
    if (!loaded.current) return;
    const empty = Object.keys(scores).length === 0 && !top && !tip;
    const done: Promise<unknown> = empty ? dropDraft(key) : saveDraft({ key, scores, top, tip, date, savedAt: Date.now() });
    done.catch(reportError);
  }, [key, scores, top, tip, date]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const lines = stop.items
      .filter((i) => scores[i.key] !== undefined)
      .map((i) => (i.kind === 'behavior' ? { behaviorId: i.id, score: scores[i.key]! } : { skillId: i.id, score: scores[i.key]! }));
    const input = { uuid: uuidv7(), assignmentUuid: stop.assignment.uuid, date, scores: lines, top: top.trim() || null, tip: tip.trim() || null };
    const parsed = v.safeParse(SaveReviewSchema, input);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.issues));
      return;
    }
    workPlans().saveReview(input, { assignmentId: stop.assignment.id, participantId: stop.participantId, userId })
      .then(() => dropDraft(key))
      .then(() => {
        setScores({});
        setTop('');
        setTip('');
        onSaved();
      }, reportError);
  };

  const last = stop.assignment.lastScores;
  return (
    <form className="review-form" onSubmit={submit} noValidate aria-label={t('workPlans.review.title')}>
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
          onChange={(s) => setScores((x) => ({ ...x, [i.key]: s }))}
        />
      ))}
      <FieldError id="review-scores-error" message={errors['']} />
      <div className="field">
        <label htmlFor="review-top">{t('workPlans.review.top')}</label>
        <textarea id="review-top" className="input" rows={2} value={top} onChange={(e) => setTop(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="review-tip">{t('workPlans.review.tip')}</label>
        <textarea id="review-tip" className="input" rows={2} value={tip} onChange={(e) => setTip(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="review-date">{t('workPlans.review.date')}</label>
        <input id="review-date" className="input" type="date" value={date} onChange={(e) => setDate(e.target.value)} aria-describedby={errors.date ? 'review-date-error' : undefined} />
        <FieldError id="review-date-error" message={errors.date} />
      </div>
      <button type="submit" className="button button--primary review-form__save">{t('workPlans.review.save')}</button>
    </form>
  );
}
