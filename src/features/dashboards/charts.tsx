import { ResponsiveBar } from '@nivo/bar';
import { ResponsivePie } from '@nivo/pie';
import { useTranslation } from 'react-i18next';
import type { RelatedRequest } from '../../domain/dashboards/inputs';
import { colourOf, formatNumber, type Matrix } from './chart-data';

/**
 * The charts (@nivo/bar, @nivo/pie), loaded on first use. The SVG is one image with the summary as
 * its name; the legend is HTML; a click on a bar or slice opens the rows behind it (keyboard users
 * use the data table's figures, which do the same).
 */
const theme = {
  text: { fill: 'var(--color-text)', fontSize: 12 },
  axis: { ticks: { text: { fill: 'var(--color-text)' }, line: { stroke: 'var(--color-border)' } }, domain: { line: { stroke: 'var(--color-border)' } } },
  grid: { line: { stroke: 'var(--color-border)' } },
  tooltip: { container: { background: 'var(--color-surface)', color: 'var(--color-text)' } },
};

export default function Charts({ type, matrix, summary, onOpen }: { type: string; matrix: Matrix; summary: string; onOpen: ((r: RelatedRequest | null) => void) | null }) {
  const { i18n } = useTranslation();
  const fmt = (n: number) => formatNumber(i18n.language, n);
  const labelOfRow = new Map(matrix.rows.map((r) => [r.key, r.label]));
  const legend = type === 'pie' ? matrix.rows.map((r, i) => ({ key: r.key, label: r.label, colour: colourOf(i) })) : matrix.columns.map((c, i) => ({ key: c.key, label: c.label, colour: colourOf(i) }));
  return (
    <div className="dash-chart-block">
      <div className="dash-chart" role="img" aria-label={summary} data-testid={`dash-chart-${type}`}>
        {type === 'pie' ? (
          <ResponsivePie
            data={matrix.rows.map((r, i) => ({ id: r.key, label: r.label, value: matrix.cells[r.key]?.value?.value ?? 0, color: colourOf(i) }))}
            colors={{ datum: 'data.color' }}
            margin={{ top: 16, right: 16, bottom: 16, left: 16 }}
            innerRadius={0.45}
            padAngle={1}
            borderWidth={1}
            borderColor="var(--color-surface)"
            enableArcLabels={false}
            enableArcLinkLabels={false}
            valueFormat={fmt}
            theme={theme}
            role="presentation"
            onClick={(d) => onOpen?.(matrix.cells[String(d.id)]?.value?.related ?? null)}
          />
        ) : (
          <ResponsiveBar
            data={matrix.rows.map((r) => ({ id: r.key, ...Object.fromEntries(matrix.columns.map((c) => [c.key, matrix.cells[r.key]?.[c.key]?.value ?? 0])) }))}
            keys={matrix.columns.map((c) => c.key)}
            indexBy="id"
            margin={{ top: 12, right: 12, bottom: 56, left: 52 }}
            padding={0.25}
            colors={({ id }) => colourOf(matrix.columns.findIndex((c) => c.key === String(id)))}
            enableLabel={false}
            valueFormat={fmt}
            axisBottom={{ format: (v: string | number) => labelOfRow.get(String(v)) ?? String(v), tickRotation: matrix.rows.length > 6 ? -35 : 0 }}
            axisLeft={{ format: (v: number) => fmt(v) }}
            theme={theme}
            role="presentation"
            onClick={(d) => onOpen?.(matrix.cells[String(d.indexValue)]?.[String(d.id)]?.related ?? null)}
          />
        )}
      </div>
      <ul className="dash-legend">
        {legend.map((l) => (
          <li key={l.key}>
            <span className="dash-legend__swatch" style={{ background: l.colour }} aria-hidden="true" />
            {l.label}
            {type === 'pie' ? <span className="dash-muted"> ({fmt(matrix.cells[l.key]?.value?.value ?? 0)})</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
