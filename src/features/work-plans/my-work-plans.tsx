import { useTranslation } from 'react-i18next';
import { WorkPlanFilter } from '../../domain/work-plan/constants';
import { applyFilter, sortPlans } from '../../domain/work-plan/views';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { formatDate } from '../../lib/format';
import { usePlanRows, useViewer } from './hooks';
import { NavLink } from '../../lib/ui/nav-link';
import type { PortalPaths } from './paths';
import { tx } from './text';
import './work-plans.css';

export const MY_STATUSES = ['started', 'unstarted', 'finished'] as const;
export type MyStatus = (typeof MY_STATUSES)[number];

/** The participant's work plans by status (started, unstarted, finished), newest start first. */
export function MyWorkPlans({ paths, status, labels }: { paths: PortalPaths; status: MyStatus | undefined; labels?: Partial<Record<MyStatus, string>> }) {
  const { t, i18n } = useTranslation();
  const viewer = useViewer();
  const rows = usePlanRows(viewer?.participantId ?? -1);
  useDocumentTitle(t('workPlans.my.title'));
  const current = status ?? 'started';
  const plans = rows ? sortPlans(applyFilter(rows, WorkPlanFilter[current]), 'startDate', 'desc') : undefined;
  return (
    <section className="work-plans" aria-labelledby="my-title">
      <h1 id="my-title">{t('workPlans.my.title')}</h1>
      <nav className="work-plans__filters" aria-label={t('workPlans.my.tabs')}>
        {MY_STATUSES.map((s) => (
          <NavLink key={s} href={paths.list(s)} current={s === current} className="work-plans__filter">
            {labels?.[s] ?? tx(t, `workPlans.my.${s}`)}
          </NavLink>
        ))}
      </nav>
      {!plans ? (
        <p role="status">{t('workPlans.loading')}</p>
      ) : plans.length === 0 ? (
        <p role="status">{t('workPlans.my.empty')}</p>
      ) : (
        <ul className="my-plans">
          {plans.map((p) => (
            <li key={p.uuid} className="card my-plans__item" data-testid="my-plan">
              <h2 className="my-plans__name"><NavLink href={paths.plan(p.id ?? p.uuid)}>{p.name}</NavLink></h2>
              <p>{tx(t, `workPlans.status.${p.status}`)} · {formatDate(p.startDate, i18n.language)} – {formatDate(p.timeFinished ?? p.expectedEndDate, i18n.language)}</p>
              {p.coachName && <p>{t('workPlans.fields.coach')}: {p.coachName}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
