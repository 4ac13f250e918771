import { useTranslation } from 'react-i18next';
import { itemKey } from '../../domain/work-plan/views';
import { formatDate } from '../../lib/format';
import type { AssignmentView, ItemView } from './queries';

/** One assignment: its work order, review history (newest last) with the current score, self-reviews. */
export function AssignmentCard({ a, items, children }: { a: AssignmentView; items: ItemView[]; children?: React.ReactNode }) {
  const { t, i18n } = useTranslation();
  const name = (l: { behaviorId?: number | null; skillId?: number | null }) => items.find((x) => x.key === itemKey(l))?.name ?? '';
  return (
    <article className="assignment card" data-testid="assignment" aria-labelledby={`a-${a.uuid}`}>
      <h4 id={`a-${a.uuid}`} className="assignment__title">{a.workOrderName}</h4>
      {a.workOrderDescription && <p className="assignment__description">{a.workOrderDescription}</p>}
      <p className="assignment__score">
        {t('workPlans.assignment.currentScore')}: <strong data-testid="current-score">{a.currentScore ?? t('workPlans.none')}</strong>
        {a.reviewRequestedAt && <span className="assignment__requested"> · {t('workPlans.assignment.reviewRequested', { date: formatDate(a.reviewRequestedAt, i18n.language) })}</span>}
      </p>
      {a.reviews.length > 0 && (
        <details className="assignment__history">
          <summary>{t('workPlans.assignment.history', { count: a.reviews.length })}</summary>
          <ol>
            {a.reviews.map((r) => (
              <li key={r.uuid} data-testid="review">
                <p>
                  <time dateTime={r.createdAt}>{formatDate(r.createdAt, i18n.language)}</time>
                  {r.reviewer && ` · ${r.reviewer}`}
                  {r.score !== null && ` · ${t('workPlans.review.score')}: ${r.score}`}
                  {r.pending && <span className="wp-pending"> {t('workPlans.pending')}</span>}
                </p>
                {r.scores.length > 0 && (
                  <ul className="assignment__scores">
                    {r.scores.map((l) => (
                      <li key={itemKey(l)}>{name(l)}: {l.score}</li>
                    ))}
                  </ul>
                )}
                {r.top && <p><strong>{t('workPlans.review.top')}:</strong> {r.top}</p>}
                {r.tip && <p><strong>{t('workPlans.review.tip')}:</strong> {r.tip}</p>}
              </li>
            ))}
          </ol>
        </details>
      )}
      {a.selfReviews.length > 0 && (
        <details className="assignment__history">
          <summary>{t('workPlans.assignment.selfHistory', { count: a.selfReviews.length })}</summary>
          <ol>
            {a.selfReviews.map((r) => (
              <li key={r.uuid} data-testid="self-review">
                <p>
                  <time dateTime={r.createdAt}>{formatDate(r.createdAt, i18n.language)}</time>
                  {r.score !== null && r.score > 0 && ` · ${t('workPlans.review.score')}: ${r.score}`}
                  {r.pending && <span className="wp-pending"> {t('workPlans.pending')}</span>}
                </p>
                {r.scores.length > 0 && (
                  <ul className="assignment__scores">
                    {r.scores.map((l) => (
                      <li key={itemKey(l)}>{name(l)}: {l.score}</li>
                    ))}
                  </ul>
                )}
                {r.top && <p><strong>{t('workPlans.review.top')}:</strong> {r.top}</p>}
                {r.tip && <p><strong>{t('workPlans.review.tip')}:</strong> {r.tip}</p>}
              </li>
            ))}
          </ol>
        </details>
      )}
      {children}
    </article>
  );
}
