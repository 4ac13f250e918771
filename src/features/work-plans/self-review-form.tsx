import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { SaveSelfReviewSchema, issuesByField } from '../../domain/work-plan/inputs';
import { uuidv7 } from '../../domain/sync/uuid-v7';
import { reportError } from '../../lib/error-reporting';
import { workPlans } from './actions';
import { FieldError } from './field-error';
import type { AssignmentView, ItemView } from './queries';
import { ScorePicker } from './score-picker';

/** The participant scores themself on one assignment (0 = no score) and may ask the coach for a review. */
export function SelfReviewForm({ a, items, participantId }: { a: AssignmentView; items: ItemView[]; participantId: number }) {
  const { t } = useTranslation();
  const [scores, setScores] = useState<Record<string, number>>({});
  const [top, setTop] = useState('');
  const [tip, setTip] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const lines = items
      .filter((i) => scores[i.key] !== undefined)
      .map((i) => (i.kind === 'behavior' ? { behaviorId: i.id, score: scores[i.key]! } : { skillId: i.id, score: scores[i.key]! }));
    const input = { uuid: uuidv7(), assignmentUuid: a.uuid, scores: lines, top: top.trim() || null, tip: tip.trim() || null };
    const parsed = v.safeParse(SaveSelfReviewSchema, input);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.issues));
      return;
    }
    setErrors({});
    workPlans().saveSelfReview(input, { assignmentId: a.id, participantId }).then(() => {
      setScores({});
      setTop('');
      setTip('');
      setNotice(t('workPlans.self.saved'));
    }, reportError);
  };

  const request = () => {
    if (a.reviewRequestedAt) {
      setErrors({ request: 'workPlans.errors.alreadyRequested' });
      return;
    }
    setErrors({});
    workPlans().requestReview({ assignmentUuid: a.uuid }).then(() => setNotice(t('workPlans.self.requested')), reportError);
  };

  const id = `self-${a.uuid}`;
  return (
    <div className="self-review">
      <div className="self-review__request">
        <button type="button" className="button" onClick={request}>{t('workPlans.self.request')}</button>
        <FieldError id={`${id}-request`} message={errors.request} />
      </div>
      <details className="self-review__details">
        <summary>{t('workPlans.self.title')}</summary>
        <form onSubmit={submit} noValidate aria-label={`${t('workPlans.self.title')}: ${a.workOrderName}`}>
          <p>{t('workPlans.self.intro')}</p>
          {items.map((i) => (
            <ScorePicker key={i.key} name={`${id}-${i.key}`} label={i.name} withZero value={scores[i.key] ?? null} onChange={(s) => setScores((x) => ({ ...x, [i.key]: s }))} />
          ))}
          <div className="field">
            <label htmlFor={`${id}-top`}>{t('workPlans.self.top')}</label>
            <textarea id={`${id}-top`} className="input" rows={2} value={top} onChange={(e) => setTop(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-tip`}>{t('workPlans.self.tip')}</label>
            <textarea id={`${id}-tip`} className="input" rows={2} value={tip} onChange={(e) => setTip(e.target.value)} />
          </div>
          <FieldError id={`${id}-error`} message={errors['']} />
          <button type="submit" className="button button--primary">{t('workPlans.self.save')}</button>
        </form>
      </details>
      {notice && <p role="status">{notice}</p>}
    </div>
  );
}
