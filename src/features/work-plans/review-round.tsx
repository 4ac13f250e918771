import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouter } from '@tanstack/react-router';
import { nextInRound } from '../../domain/work-plan/views';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { AssignmentCard } from './assignment-card';
import { FailedWrites } from './failed-writes';
import { useReviewRound, useViewer } from './hooks';
import { NavLink } from '../../lib/ui/nav-link';
import { staffPaths } from './paths';
import { ReviewForm } from './review-form';
import './work-plans.css';

/**
 * The coach's review mode for a 10-inch tablet: one assignment at a time with large targets,
 * next-assignment and next-participant without going back to a list. The position is in the address.
 */
export function ReviewRound({ index, plan }: { index: number | undefined; plan: string | undefined }) {
  const { t } = useTranslation();
  const router = useRouter();
  const viewer = useViewer();
  const round = useReviewRound();
  const [saved, setSaved] = useState(false);
  useDocumentTitle(t('workPlans.review.title'));
  if (!round || !viewer) return <p role="status">{t('workPlans.loading')}</p>;
  if (round.length === 0) return <p role="status">{t('workPlans.review.empty')}</p>;
  const start = plan ? Math.max(0, round.findIndex((s) => s.planUuid === plan)) : 0;
  const i = Math.min(index ?? start, round.length - 1);
  const stop = round[i]!;
  const go = (n: number | null) => {
    if (n === null) return;
    setSaved(false);
    void router.navigate({ href: `${staffPaths.review}?i=${n}` });
  };
  const nextAssignment = i + 1 < round.length ? i + 1 : null;
  const nextParticipant = nextInRound(round, i, 'participant');

  return (
    <section className="review-round" aria-labelledby="round-title">
      <header className="review-round__header">
        <h1 id="round-title">{t('workPlans.review.title')}</h1>
        <p>{t('workPlans.review.position', { current: i + 1, total: round.length })}</p>
      </header>
      <FailedWrites />
      <nav className="review-round__nav" aria-label={t('workPlans.review.title')}>
        <button type="button" className="button" disabled={i === 0} onClick={() => go(i - 1)}>{t('workPlans.review.previous')}</button>
        <button type="button" className="button" disabled={nextAssignment === null} onClick={() => go(nextAssignment)}>{t('workPlans.review.nextAssignment')}</button>
        <button type="button" className="button" disabled={nextParticipant === null} onClick={() => go(nextParticipant)}>{t('workPlans.review.nextParticipant')}</button>
      </nav>
      <h2 className="review-round__who" data-testid="round-participant">{stop.participantName}</h2>
      <p className="review-round__plan">
        <NavLink href={staffPaths.plan(stop.planUuid)}>{stop.planName}</NavLink> · <span data-testid="round-assignment">{stop.assignment.workOrderName}</span>
      </p>
      {saved && <p role="status" className="alert">{t('workPlans.review.saved')}</p>}
      <div className="review-round__body">
        <ReviewForm stop={stop} userId={viewer.userId} onSaved={() => setSaved(true)} />
        <AssignmentCard a={stop.assignment} items={stop.items} />
      </div>
    </section>
  );
}
