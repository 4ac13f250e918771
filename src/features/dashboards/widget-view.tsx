import { lazy, Suspense, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouter } from '@tanstack/react-router';
import { subjectOf } from '../../domain/dashboards/graph';
import type { Dataset, RelatedRequest } from '../../domain/dashboards/inputs';
import { apiFetch } from '../../lib/api/client';
import { failureText } from '../../lib/ui/reason-text';
import { useOnlineStatus } from '../../lib/use-online-status';
import { asOfLabel, formatNumber, summaryOf, toMatrix, type Matrix } from './chart-data';
import type { FiguresState } from './use-figures';

const Charts = lazy(() => import('./charts'));

export interface WidgetLike {
  uuid: string;
  id?: number | undefined;
  name: string;
  type: string;
  graph: { subject: string; datasets: Dataset[] };
}

export const relatedHref = (r: RelatedRequest) => `/dashboards/lijst/${r.subject}?q=${encodeURIComponent(JSON.stringify(r))}`;

/** One widget: its chart (or table), the data as a table one click away, a text summary, the downloads. */
export function WidgetView({ widget, dashboardId, figures, actions, headingLevel = 2 }: { widget: WidgetLike; dashboardId: number | null; figures: FiguresState; actions?: ReactNode; headingLevel?: 2 | 3 }) {
  const { t, i18n } = useTranslation();
  const router = useRouter();
  const online = useOnlineStatus();
  const [asTable, setAsTable] = useState(false);
  const id = useId();
  const answer = figures.kind === 'fresh' || figures.kind === 'cached' ? figures.answer : null;
  const matrix = useMemo(
    () => (answer ? toMatrix(t, i18n.language, widget.type, widget.graph.subject, widget.graph.datasets, answer) : null),
    [answer, t, i18n.language, widget.type, widget.graph],
  );
  const summary = matrix ? summaryOf(t, i18n.language, widget.name, matrix) : '';
  const hasList = subjectOf(widget.graph.subject)?.relatedDataGridUri != null;
  const open = (r: RelatedRequest | null) => {
    if (r) void router.navigate({ href: relatedHref(r) });
  };
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  return (
    <article className="dash-widget" aria-labelledby={`${id}-title`} data-testid="dash-widget">
      <header className="dash-widget__header">
        <Heading id={`${id}-title`} className="dash-widget__title">{widget.name}</Heading>
        {actions}
      </header>
      {answer ? (
        <p className="dash-widget__asof" data-testid="dash-asof">
          {t('dashboards.page.asOf', { time: asOfLabel(answer.computedAt) })}
          {figures.kind === 'cached' && !online ? <span> · {t('dashboards.page.offlineFigures')}</span> : null}
        </p>
      ) : null}
      {figures.kind === 'loading' ? <p role="status" className="dash-muted">{t('dashboards.page.loading')}</p> : null}
      {figures.kind === 'none' ? <p className="dash-muted">{t('dashboards.page.noFigures')}</p> : null}
      {figures.kind === 'error' ? <p role="alert" className="alert alert--error">{t('dashboards.page.error')} {failureText(t, figures.error)}</p> : null}
      {matrix ? (
        <>
          <p id={`${id}-summary`} className="visually-hidden">{summary}</p>
          {widget.type === 'table' || asTable ? (
            <DataTable matrix={matrix} name={widget.name} onOpen={hasList ? open : null} />
          ) : (
            <Suspense fallback={<div className="dash-chart" />}>
              <Charts type={widget.type} matrix={matrix} summary={summary} onOpen={hasList ? open : null} />
            </Suspense>
          )}
          <div className="dash-widget__tools">
            {widget.type !== 'table' ? (
              <button type="button" className="button button--small" aria-pressed={asTable} onClick={() => setAsTable((x) => !x)}>
                {asTable ? t('dashboards.page.showChart') : t('dashboards.page.showTable')}
              </button>
            ) : null}
            {widget.id !== undefined && dashboardId !== null ? <Downloads dashboardId={dashboardId} widgetId={widget.id} online={online} /> : null}
          </div>
        </>
      ) : null}
    </article>
  );
}

/** The figures as a real table: rows × columns with totals; each figure opens its list. */
export function DataTable({ matrix, name, onOpen }: { matrix: Matrix; name: string; onOpen: ((r: RelatedRequest | null) => void) | null }) {
  const { t, i18n } = useTranslation();
  const fmt = (n: number) => formatNumber(i18n.language, n);
  const several = matrix.columns.length > 1;
  return (
    <div className="dash-table-wrap">
      <table className="dash-table" data-testid="dash-table">
        <caption>{t('dashboards.page.tableCaption', { name })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('dashboards.page.value')}</th>
            {matrix.columns.map((c) => (
              <th key={c.key} scope="col">{c.label}</th>
            ))}
            {several ? <th scope="col">{t('dashboards.page.total')}</th> : null}
          </tr>
        </thead>
        <tbody>
          {matrix.rows.map((r) => {
            const sum = matrix.columns.reduce((n, c) => n + (matrix.cells[r.key]?.[c.key]?.value ?? 0), 0);
            return (
              <tr key={r.key}>
                <th scope="row">{r.label}</th>
                {matrix.columns.map((c) => {
                  const cell = matrix.cells[r.key]?.[c.key];
                  if (!cell) return <td key={c.key} className="dash-num">{fmt(0)}</td>;
                  return (
                    <td key={c.key} className="dash-num">
                      {onOpen && cell.related ? (
                        <button type="button" className="link-button" aria-label={`${fmt(cell.value)}: ${t('dashboards.page.openRelated', { label: several ? `${r.label}, ${c.label}` : r.label })}`} onClick={() => onOpen(cell.related)}>
                          {fmt(cell.value)}
                        </button>
                      ) : (
                        fmt(cell.value)
                      )}
                    </td>
                  );
                })}
                {several ? <td className="dash-num">{fmt(sum)}</td> : null}
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('dashboards.page.total')}</th>
            {several ? matrix.columns.map((c) => <td key={c.key} className="dash-num">{fmt(matrix.rows.reduce((n, r) => n + (matrix.cells[r.key]?.[c.key]?.value ?? 0), 0))}</td>) : null}
            <td className="dash-num">{fmt(matrix.total)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function Downloads({ dashboardId, widgetId, online }: { dashboardId: number; widgetId: number; online: boolean }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (format: 'csv' | 'xlsx') => {
    setBusy(true);
    setError(null);
    try {
      const res = await apiFetch(`/api/dashboards/${dashboardId}/widgets/${widgetId}/data.${format}`, { headers: { accept: '*/*' } });
      if (!res.ok) throw new Error(String(res.status));
      const blob = await res.blob();
      const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `widget.${format}`;
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = name;
      link.click();
      URL.revokeObjectURL(link.href);
    } catch (e) {
      setError(failureText(t, e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="dash-downloads">
      <span className="dash-muted">{t('dashboards.page.download')}:</span>
      <button type="button" className="button button--small" disabled={!online || busy} onClick={() => void run('csv')}>{t('dashboards.page.csv')}</button>
      <button type="button" className="button button--small" disabled={!online || busy} onClick={() => void run('xlsx')}>{t('dashboards.page.xlsx')}</button>
      {!online ? <span className="dash-muted">{t('dashboards.page.downloadOffline')}</span> : null}
      {error ? <span role="alert" className="field__error">{error}</span> : null}
    </span>
  );
}
