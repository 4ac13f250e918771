import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { useReference } from '../hooks';
import { NavLink } from '../../../lib/ui/nav-link';
import { str } from '../text';
import '../work-plans.css';

/** /work-order: the company's work orders (werkopdrachten) with their discipline. */
export function WorkOrderList() {
  const { t } = useTranslation();
  const orders = useReference('workOrders');
  const disciplines = useReference('disciplines');
  useDocumentTitle(t('workPlans.workOrders.title'));
  const list = [...(orders ?? [])].sort((a, b) => str(a.name).localeCompare(str(b.name), 'nl'));
  const discipline = (id: unknown) => str(disciplines?.find((d) => d.id === id)?.name) || t('workPlans.workOrders.noDiscipline');
  return (
    <section className="work-plans" aria-labelledby="wo-title">
      <header className="work-plans__header">
        <h1 id="wo-title">{t('workPlans.workOrders.title')}</h1>
        <NavLink href="/work-order/create" className="button button--primary">{t('workPlans.workOrders.new')}</NavLink>
      </header>
      {!orders ? (
        <p role="status">{t('workPlans.loading')}</p>
      ) : list.length === 0 ? (
        <p role="status">{t('workPlans.workOrders.empty')}</p>
      ) : (
        <div className="work-plans__scroll" role="region" aria-label={t('workPlans.workOrders.title')} tabIndex={0}>
        <table className="work-plans__table">
          <caption className="visually-hidden">{t('workPlans.workOrders.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('workPlans.workOrders.name')}</th>
              <th scope="col">{t('workPlans.workOrders.description')}</th>
              <th scope="col">{t('workPlans.workOrders.discipline')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((w) => (
              <tr key={w.uuid} data-testid="work-order">
                <td>{str(w.name)}</td>
                <td>{typeof w.description === 'string' ? w.description : ''}</td>
                <td>{discipline(w.disciplineId)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        </div>
      )}
    </section>
  );
}
