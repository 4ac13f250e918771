import { useTranslation } from 'react-i18next';
import type { ItemView } from './queries';

/** Behaviours and skills of a plan with their target score and the latest score. */
export function ItemsTable({ items, latest }: { items: ItemView[]; latest: Map<string, number> }) {
  const { t } = useTranslation();
  if (items.length === 0) return <p>{t('workPlans.plan.noItems')}</p>;
  return (
    <div className="work-plans__scroll" role="region" aria-label={t('workPlans.plan.items')} tabIndex={0}>
    <table className="work-plans__table work-plans__table--items">
      <caption>{t('workPlans.plan.items')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('workPlans.item.name')}</th>
          <th scope="col">{t('workPlans.item.kind')}</th>
          <th scope="col">{t('workPlans.item.group')}</th>
          <th scope="col">{t('workPlans.item.target')}</th>
          <th scope="col">{t('workPlans.item.current')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((i) => (
          <tr key={i.key}>
            <td>{i.name}</td>
            <td>{t(`workPlans.item.${i.kind}`)}</td>
            <td>{i.group}</td>
            <td>{i.targetScore ?? '–'}</td>
            <td>{latest.get(i.key) ?? '–'}</td>
          </tr>
        ))}
      </tbody>
    </table>
    </div>
  );
}
