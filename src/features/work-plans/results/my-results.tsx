import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { useProfile, useViewer } from '../hooks';
import { NavLink } from '../../../lib/ui/nav-link';
import { groupRows } from '../development-profile/group-rows';
import { ProgressChart } from './progress-chart';
import '../work-plans.css';

export const RESULT_TABS = ['personal-development', 'work-plans'] as const;
export type ResultTab = (typeof RESULT_TABS)[number];

/** /my-results/:tab? and /participant-portal/my-results/personal-development: progress against targets. */
export function MyResults({ base, tab }: { base: string; tab: ResultTab }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const rows = useProfile(viewer?.participantId ?? null);
  useDocumentTitle(t('workPlans.results.title'));
  const kind = tab === 'work-plans' ? 'skill' : 'behavior';
  const groups = rows ? groupRows(rows.filter((r) => r.kind === kind)) : undefined;
  return (
    <section className="work-plans" aria-labelledby="results-title">
      <h1 id="results-title">{t('workPlans.results.title')}</h1>
      <nav className="work-plans__filters" aria-label={t('workPlans.results.tabs')}>
        {RESULT_TABS.map((x) => (
          <NavLink key={x} href={`${base}/${x}`} current={x === tab} className="work-plans__filter">
            {x === 'work-plans' ? t('workPlans.profile.disciplines') : t('workPlans.profile.competencies')}
          </NavLink>
        ))}
      </nav>
      <p>{t('workPlans.results.chart')}</p>
      {!groups ? (
        <p role="status">{t('workPlans.loading')}</p>
      ) : groups.length === 0 ? (
        <p role="status">{t('workPlans.results.empty')}</p>
      ) : (
        groups.map((g) => <ProgressChart key={g.id} rows={g.rows} title={g.name} />)
      )}
    </section>
  );
}
