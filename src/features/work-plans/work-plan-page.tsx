import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { reportError } from '../../lib/error-reporting';
import { latestItemScores } from '../../domain/work-plan/views';
import { workPlans } from './actions';
import { AssignmentCard } from './assignment-card';
import { formatDate } from './format';
import { usePlanDetail, useViewer } from './hooks';
import { ItemsTable } from './items-table';
import { NavLink } from '../../lib/ui/nav-link';
import { staffPaths } from './paths';
import { undoDelete } from './undo-delete';
import { FailedWrites } from './failed-writes';
import { FilesSection } from '../../lib/files/files-section';
import './work-plans.css';

const STATUSES = ['active', 'planned', 'completed'] as const;

/** A work plan for staff: details, assignments by status with reviews, behaviours and skills, files; end, reopen, delete. */
export function WorkPlanPage({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const detail = usePlanDetail(id);
  const viewer = useViewer();
  const [confirming, setConfirming] = useState(false);
  const [deleted, setDeleted] = useState<{ mutation: string; uuid: string; name: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  useDocumentTitle(detail?.plan.name ?? t('workPlans.plan.title'));

  if (deleted && !detail) {
    return (
      <section className="work-plans">
        <p role="status">{t('workPlans.delete.done', { name: deleted.name })}</p>
        <button type="button" className="button button--primary" onClick={() => undoDelete(deleted.mutation, deleted.uuid).then(() => setNotice(t('workPlans.delete.undone')), reportError)}>
          {t('workPlans.delete.undo')}
        </button>
        {notice && <p role="status">{notice}</p>}
        <p><NavLink href={staffPaths.list}>{t('workPlans.plan.back')}</NavLink></p>
      </section>
    );
  }
  if (detail === undefined) return <p role="status">{t('workPlans.loading')}</p>;
  if (detail === null) return <p role="status">{t('workPlans.plan.notFound')}</p>;
  const { plan, assignments, items } = detail;
  const all = [...assignments.active, ...assignments.planned, ...assignments.completed];
  const latest = latestItemScores(all.flatMap((a) => a.reviews));
  const finished = plan.status === 'finished';

  const remove = () => {
    setConfirming(false);
    workPlans().deleteWorkPlan({ uuid: plan.uuid }).then((mutation) => setDeleted({ mutation, uuid: plan.uuid, name: plan.name }), reportError);
  };
  const reopen = () => workPlans().reopenWorkPlan({ uuid: plan.uuid }, { startDate: plan.startDate ?? null }).then(() => setNotice(t('workPlans.reopen.done')), reportError);

  return (
    <section className="work-plans" aria-labelledby="plan-title">
      <p><NavLink href={staffPaths.list}>{t('workPlans.plan.back')}</NavLink></p>
      <header className="work-plans__header">
        <h1 id="plan-title">{plan.name}</h1>
        <div className="work-plans__actions">
          {plan.status === 'running' && <NavLink href={`${staffPaths.review}?plan=${plan.uuid}`} className="button">{t('workPlans.review.start')}</NavLink>}
          {finished ? (
            <button type="button" className="button" onClick={() => void reopen()}>{t('workPlans.reopen.action')}</button>
          ) : (
            <NavLink href={staffPaths.end(plan.id ?? plan.uuid)} className="button">{t('workPlans.end.action')}</NavLink>
          )}
          <button type="button" className="button" onClick={() => setConfirming(true)}>{t('workPlans.delete.action')}</button>
        </div>
      </header>
      <FailedWrites />
      {notice && <p role="status" className="alert">{notice}</p>}
      {confirming && (
        <div role="alertdialog" aria-labelledby="confirm-delete" className="card work-plans__confirm">
          <p id="confirm-delete">{t('workPlans.delete.confirm', { name: plan.name })}</p>
          <button type="button" className="button button--primary" onClick={remove}>{t('workPlans.delete.yes')}</button>
          <button type="button" className="button" onClick={() => setConfirming(false)}>{t('workPlans.cancel')}</button>
        </div>
      )}
      <dl className="work-plans__facts">
        <dt>{t('workPlans.fields.participant')}</dt><dd>{plan.participantName}</dd>
        <dt>{t('workPlans.fields.status')}</dt><dd data-testid="plan-status">{t(`workPlans.status.${plan.status}`)}{plan.pending && ` (${t('workPlans.pending')})`}</dd>
        <dt>{t('workPlans.fields.coach')}</dt><dd>{plan.coachName || t('workPlans.none')}</dd>
        <dt>{t('workPlans.fields.manager')}</dt><dd>{plan.managerName || t('workPlans.none')}</dd>
        <dt>{t('workPlans.fields.startDate')}</dt><dd>{formatDate(plan.startDate, i18n.language)}</dd>
        <dt>{t('workPlans.fields.expectedEndDate')}</dt><dd>{formatDate(plan.expectedEndDate, i18n.language)}</dd>
        {finished && (
          <>
            <dt>{t('workPlans.fields.timeFinished')}</dt><dd>{formatDate(plan.timeFinished, i18n.language)}</dd>
            <dt>{t('workPlans.fields.terminationReason')}</dt><dd>{plan.terminationReason}</dd>
          </>
        )}
      </dl>
      <h2>{t('workPlans.plan.assignments')}</h2>
      {all.length === 0 && <p>{t('workPlans.plan.noAssignments')}</p>}
      {STATUSES.map((s) =>
        assignments[s].length > 0 ? (
          <section key={s} aria-labelledby={`st-${s}`}>
            <h3 id={`st-${s}`}>{t(`workPlans.assignmentStatus.${s}`)} ({assignments[s].length})</h3>
            {assignments[s].map((a) => <AssignmentCard key={a.uuid} a={a} items={items} />)}
          </section>
        ) : null,
      )}
      <h2>{t('workPlans.plan.itemsTitle')}</h2>
      <ItemsTable items={items} latest={latest} />
      <FilesSection target={{ kind: 'workPlan', uuid: plan.uuid, id: plan.id }} viewer={viewer} />
    </section>
  );
}
