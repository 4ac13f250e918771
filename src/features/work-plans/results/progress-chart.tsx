import { ResponsiveBar } from '@nivo/bar';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import type { ProfileRow } from '../queries';

/**
 * Progress against target scores as a @nivo/bar chart (hidden from screen readers) with the same
 * numbers as a table for them and for anyone who prefers it.
 */
export function ProgressChart({ rows, title }: { rows: ProfileRow[]; title: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const current = t('workPlans.results.current');
  const target = t('workPlans.results.target');
  const data = rows.map((r) => ({ item: r.name, [current]: r.currentScore ?? 0, [target]: r.targetScore ?? 0 }));
  // Scores are whole numbers: one tick per score (never "0.5 / 1.5"), written in the interface language.
  const top = Math.max(1, ...rows.map((r) => Math.max(r.currentScore ?? 0, r.targetScore ?? 0)));
  const ticks = Array.from({ length: Math.ceil(top) + 1 }, (_, i) => i);
  return (
    <figure className="progress-chart">
      <figcaption>{title}</figcaption>
      <div className="progress-chart__canvas" aria-hidden="true" style={{ height: Math.max(160, rows.length * 44 + 60) }}>
        <ResponsiveBar
          data={data}
          keys={[current, target]}
          indexBy="item"
          layout="horizontal"
          groupMode="grouped"
          margin={{ top: 10, right: 20, bottom: 40, left: 160 }}
          colors={['#1f6f8b', '#b9b9b9']}
          axisBottom={{ tickValues: ticks, format: (v: number) => format.number(v) }}
          valueScale={{ type: 'linear', min: 0, max: ticks.length - 1 }}
          enableLabel={false}
          isInteractive={false}
          animate={false}
          legends={[{ dataFrom: 'keys', anchor: 'bottom-right', direction: 'row', translateY: 40, itemWidth: 110, itemHeight: 18 }]}
        />
      </div>
      <table className="work-plans__table progress-chart__table">
        <caption>{t('workPlans.results.table')}: {title}</caption>
        <thead>
          <tr>
            <th scope="col">{t('workPlans.item.name')}</th>
            <th scope="col">{t('workPlans.item.start')}</th>
            <th scope="col">{current}</th>
            <th scope="col">{target}</th>
            <th scope="col">{t('workPlans.item.self')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">{r.name}</th>
              <td>{r.startScore ?? '–'}</td>
              <td>{r.currentScore ?? '–'}</td>
              <td>{r.targetScore ?? '–'}</td>
              <td>{r.selfScore ?? '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
