import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Role } from '../../../domain/shared/roles';
import { reportError } from '../../../lib/error-reporting';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { workPlans } from '../actions';
import { FailedWrites } from '../failed-writes';
import { useReference, useViewer } from '../hooks';
import { NavLink } from '../../../lib/ui/nav-link';
import { str } from '../text';
import '../work-plans.css';

const PAGE = 15;

/** /zoek/werkplanblauwdruk: blueprints by name and category, 15 a page; administrators delete. */
export function BlueprintSearch() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const blueprints = useReference('blueprints');
  const categories = useReference('blueprintCategories');
  const [text, setText] = useState('');
  const [category, setCategory] = useState('');
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState<string | null>(null);
  useDocumentTitle(t('workPlans.blueprints.title'));
  const admin = viewer !== null && (viewer.roleId === Role.administrator || viewer.roleId === Role.superAdministrator || viewer.roleId === Role.developer);
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  const list = (blueprints ?? [])
    .filter((b) => words.every((w) => str(b.name).toLowerCase().includes(w)) && (!category || b.categoryId === Number(category)))
    .sort((a, b) => str(a.name).localeCompare(str(b.name), 'nl'));
  const pages = Math.max(1, Math.ceil(list.length / PAGE));
  const current = Math.min(page, pages);
  const catName = (id: unknown) => str(categories?.find((c) => c.id === id)?.label);

  return (
    <section className="work-plans" aria-labelledby="bp-title">
      <header className="work-plans__header">
        <h1 id="bp-title">{t('workPlans.blueprints.title')}</h1>
        <NavLink href="/werkplanblauwdrukwizard" className="button button--primary">{t('workPlans.blueprints.new')}</NavLink>
      </header>
      <FailedWrites />
      {notice && <p role="status">{notice}</p>}
      <div className="work-plans__search" role="search">
        <label htmlFor="bp-search">{t('workPlans.blueprints.search')}</label>
        <input id="bp-search" className="input" type="search" value={text} onChange={(e) => { setText(e.target.value); setPage(1); }} />
        <label htmlFor="bp-category">{t('workPlans.blueprints.category')}</label>
        <select id="bp-category" className="input" value={category} onChange={(e) => { setCategory(e.target.value); setPage(1); }}>
          <option value="">{t('workPlans.blueprints.allCategories')}</option>
          {(categories ?? []).map((c) => <option key={c.uuid} value={String(c.id)}>{str(c.label)}</option>)}
        </select>
      </div>
      {!blueprints ? (
        <p role="status">{t('workPlans.loading')}</p>
      ) : list.length === 0 ? (
        <p role="status">{t('workPlans.blueprints.empty')}</p>
      ) : (
        <>
          <ul className="my-plans">
            {list.slice((current - 1) * PAGE, current * PAGE).map((b) => (
              <li key={b.uuid} className="card my-plans__item" data-testid="blueprint">
                <h2 className="my-plans__name">{str(b.name)}</h2>
                <p>{catName(b.categoryId)}{typeof b.description === 'string' && b.description ? ` · ${b.description}` : ''}</p>
                {typeof b.id === 'number' && (
                  <form method="post" action={`/api/werkplanblauwdruk/print-documents/blauwdruk/${b.id}`} className="inline-form">
                    {(['steps', 'workOrders', 'behaviors', 'skills', 'documents'] as const).map((k) => (
                      <input key={k} type="hidden" name={`label.${k}`} value={t(`workPlans.blueprints.${k}`)} />
                    ))}
                    <button type="submit" className="button">{t('workPlans.blueprints.print')}</button>
                  </form>
                )}
                {admin && (
                  <button type="button" className="button" onClick={() => workPlans().deleteBlueprint({ uuid: b.uuid }).then(() => setNotice(t('workPlans.blueprints.deleted')), reportError)}>
                    {t('workPlans.blueprints.delete')}
                  </button>
                )}
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <nav className="work-plans__paging" aria-label={t('workPlans.list.paging')}>
              <button type="button" className="button" disabled={current === 1} onClick={() => setPage(current - 1)}>{t('workPlans.list.previous')}</button>
              <span>{t('workPlans.list.page', { page: current, pages })}</span>
              <button type="button" className="button" disabled={current === pages} onClick={() => setPage(current + 1)}>{t('workPlans.list.next')}</button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
