import { useTranslation } from 'react-i18next';
import { latestItemScores } from '../../domain/work-plan/views';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { AssignmentCard } from './assignment-card';
import { FailedWrites } from './failed-writes';
import { formatDate } from '../../lib/format';
import { usePlanDetail, useViewer } from './hooks';
import { ItemsTable } from './items-table';
import { NavLink } from '../../lib/ui/nav-link';
import type { PortalPaths } from './paths';
import { SelfReviewForm } from './self-review-form';
import { tx } from './text';
import './work-plans.css';

const STATUSES = ['active', 'planned', 'completed'] as const;

/** One of the participant's plans: assignments with reviews, self-review and review request; targets. */
export function MyWorkPlan({ id, paths }: { id: string; paths: PortalPaths }) {
  const { t, i18n } = useTranslation();
  const viewer = useViewer();
  const detail = usePlanDetail(id);
  useDocumentTitle(detail?.plan.name ?? t('workPlans.plan.title'));
  if (detail === undefined || !viewer) return <p role="status">{t('workPlans.loading')}</p>;
  if (detail === null || detail.plan.participantId !== viewer.participantId) return <p role="status">{t('workPlans.plan.notFound')}</p>;
  const { plan, assignments, items } = detail;
  const all = [...assignments.active, ...assignments.planned, ...assignments.completed];
  const open = plan.status !== 'finished';
  return (
    <section className="work-plans" aria-labelledby="my-plan-title">
      <p><NavLink href={paths.list()}>{t('workPlans.my.title')}</NavLink></p>
      <h1 id="my-plan-title">{plan.name}</h1>
      <p>{tx(t, `workPlans.status.${plan.status}`)} · {formatDate(plan.startDate, i18n.language)} – {formatDate(plan.timeFinished ?? plan.expectedEndDate, i18n.language)}</p>
      <FailedWrites />
      {STATUSES.map((s) =>
        assignments[s].length > 0 ? (
          <section key={s} aria-labelledby={`my-st-${s}`}>
            <h2 id={`my-st-${s}`}>{tx(t, `workPlans.assignmentStatus.${s}`)}</h2>
            {assignments[s].map((a) => (
              <AssignmentCard key={a.uuid} a={a} items={items}>
                {open && s !== 'completed' && viewer.participantId !== null && <SelfReviewForm a={a} items={items} participantId={viewer.participantId} />}
              </AssignmentCard>
            ))}
          </section>
        ) : null,
      )}
      {all.length === 0 && <p>{t('workPlans.plan.noAssignments')}</p>}
      <h2>{t('workPlans.plan.itemsTitle')}</h2>
      <ItemsTable items={items} latest={latestItemScores(all.flatMap((a) => a.reviews))} />
    </section>
  );
}
