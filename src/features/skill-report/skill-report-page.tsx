import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { sessionStore } from '../../lib/session/session-store';
import { useReplicaQuery } from '../../lib/replica/hooks';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { useOnlineStatus } from '../../lib/use-online-status';
import { ExportButton } from '../../lib/ui/export-button';
import { roleKind } from '../../domain/users/roles-policy';
import { SKILL_REPORT_KINDS, skillReportQuery, type SkillReportFilter } from '../../domain/skill-report/inputs';
import { SKILL_REPORT_PAGE_SIZE, skillReportRights, type SkillReportView } from '../../domain/skill-report/rows';
import { skillReportChoices, skillReportPage } from './queries';
import './skill-report.css';

type Kind = (typeof SKILL_REPORT_KINDS)[number];
const NO_FILTER: SkillReportFilter = { kind: 'all', projectId: null, competencySystemId: null, disciplineId: null, search: null };

/**
 * Skill report (/skill-report, 02 §1 and §3 "Skill report row"): every behaviour and skill score of the
 * caseload with its start, current and target score, filtered by kind, project, competency system,
 * discipline and participant name, 15 rows a page, read from the replica (offline too); managers and
 * administrators export it as CSV or Excel (online: the server writes the file for the same filter).
 */
export function SkillReportPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('screens.skillReport'));
  const { user } = useSnapshot(sessionStore);
  const rights = skillReportRights(roleKind(user?.roleId ?? 0));
  const online = useOnlineStatus();
  const [filter, setFilter] = useState<SkillReportFilter>(NO_FILTER);
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const [page, setPage] = useState(0);
  const effective: SkillReportFilter = { ...filter, search: deferredSearch || null };
  const result = useReplicaQuery((r) => skillReportPage(r, effective, page), [JSON.stringify(effective), page]);
  const choices = useReplicaQuery((r) => skillReportChoices(r), []);
  const ids = { kind: useId(), project: useId(), system: useId(), discipline: useId(), search: useId() };
  const set = (patch: Partial<SkillReportFilter>) => {
    setFilter((f) => ({ ...f, ...patch }));
    setPage(0);
  };
  const num = (value: string) => (value === '' ? null : Number(value));

  if (!rights.view) {
    return (
      <div className="skill-report">
        <h1>{t('screens.skillReport')}</h1>
        <p role="alert" className="alert alert--error">{t('skillReport.notAllowed')}</p>
      </div>
    );
  }
  const pages = result ? Math.max(1, Math.ceil(result.total / SKILL_REPORT_PAGE_SIZE)) : 1;
  return (
    <div className="skill-report">
      <h1>{t('screens.skillReport')}</h1>
      <p className="skill-report__muted">{t('skillReport.intro')}</p>
      <fieldset className="skill-report__filters">
        <legend>{t('skillReport.filters')}</legend>
        <div className="field">
          <label htmlFor={ids.kind}>{t('skillReport.kind')}</label>
          <select
            id={ids.kind}
            className="input"
            value={filter.kind}
            onChange={(e) => {
              const kind = e.target.value as Kind;
              set({ kind, ...(kind === 'skill' ? { competencySystemId: null } : {}), ...(kind === 'behavior' ? { disciplineId: null } : {}) });
            }}
          >
            {SKILL_REPORT_KINDS.map((k) => (
              <option key={k} value={k}>{t(`skillReport.kinds.${k}`)}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.project}>{t('skillReport.project')}</label>
          <select id={ids.project} className="input" value={filter.projectId ?? ''} onChange={(e) => set({ projectId: num(e.target.value) })}>
            <option value="">{t('skillReport.any')}</option>
            {(choices?.projects ?? []).map((o) => (
              <option key={o.id} value={o.id}>{o.label}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.system}>{t('skillReport.competencySystem')}</label>
          <select id={ids.system} className="input" value={filter.competencySystemId ?? ''} disabled={filter.kind === 'skill'} onChange={(e) => set({ competencySystemId: num(e.target.value), ...(e.target.value ? { disciplineId: null } : {}) })}>
            <option value="">{t('skillReport.any')}</option>
            {(choices?.competencySystems ?? []).map((o) => (
              <option key={o.id} value={o.id}>{o.label}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.discipline}>{t('skillReport.discipline')}</label>
          <select id={ids.discipline} className="input" value={filter.disciplineId ?? ''} disabled={filter.kind === 'behavior'} onChange={(e) => set({ disciplineId: num(e.target.value), ...(e.target.value ? { competencySystemId: null } : {}) })}>
            <option value="">{t('skillReport.any')}</option>
            {(choices?.disciplines ?? []).map((o) => (
              <option key={o.id} value={o.id}>{o.label}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.search}>{t('skillReport.search')}</label>
          <input id={ids.search} type="search" className="input" autoComplete="off" maxLength={200} value={search} onChange={(e) => { setSearch(e.target.value); setPage(0); }} />
        </div>
      </fieldset>
      {result === undefined ? (
        <p aria-live="polite">{t('skillReport.loading')}</p>
      ) : (
        <>
          <p className="skill-report__count" aria-live="polite" data-testid="skill-report-count" data-total={result.total}>
            {t('skillReport.count', { count: result.total })}
          </p>
          {result.total === 0 ? <p>{t('skillReport.empty')}</p> : <ReportTable rows={result.rows} />}
          {result.total > SKILL_REPORT_PAGE_SIZE ? (
            <nav className="skill-report__pager" aria-label={t('skillReport.pages')}>
              <button type="button" className="button" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>{t('skillReport.previous')}</button>
              <span aria-current="page">{t('skillReport.page', { page: page + 1, pages })}</span>
              <button type="button" className="button" disabled={page + 1 >= pages} onClick={() => setPage((p) => p + 1)}>{t('skillReport.next')}</button>
            </nav>
          ) : null}
        </>
      )}
      {rights.export ? (
        <ExportButton subject="skillReport" path="/api/skill-report/export" query={skillReportQuery(effective)} disabledReason={online ? null : t('skillReport.exportOffline')} />
      ) : null}
    </div>
  );
}

function ReportTable({ rows }: { rows: SkillReportView[] }) {
  const { t } = useTranslation();
  const score = (x: number | null) => (x === null ? '–' : String(x));
  return (
    <div className="skill-report__scroll" role="region" aria-label={t('skillReport.table')} tabIndex={0}>
      <table className="skill-report__table" data-testid="skill-report-table">
        <caption>{t('skillReport.table')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('skillReport.columns.participant')}</th>
            <th scope="col">{t('skillReport.columns.project')}</th>
            <th scope="col">{t('skillReport.columns.group')}</th>
            <th scope="col">{t('skillReport.columns.item')}</th>
            <th scope="col">{t('skillReport.columns.startScore')}</th>
            <th scope="col">{t('skillReport.columns.currentScore')}</th>
            <th scope="col">{t('skillReport.columns.targetScore')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-kind={row.kind}>
              <th scope="row">{row.participant}</th>
              <td>{row.project ?? '–'}</td>
              <td>
                {row.kind === 'behavior'
                  ? [row.competencySystem, row.competency].filter(Boolean).join(' · ')
                  : [row.discipline, row.category].filter(Boolean).join(' · ')}
              </td>
              <td>
                <span className="skill-report__muted">{t(`skillReport.itemKind.${row.kind}`)}: </span>
                {row.kind === 'behavior' ? row.behavior : row.skill}
              </td>
              <td className="skill-report__score">{score(row.startScore)}</td>
              <td className="skill-report__score">{score(row.currentScore)}</td>
              <td className="skill-report__score">{score(row.targetScore)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
