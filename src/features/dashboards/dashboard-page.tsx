import { useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { sessionStore } from '../../lib/session/session-store';
import { syncApi } from '../../lib/sync-client';
import { reportError } from '../../lib/error-reporting';
import { useReplicaQuery } from '../../lib/replica/hooks';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { NavLink } from '../../lib/ui/nav-link';
import { dashboardByUuid, widgetsOf, type DashboardDoc, type WidgetDoc } from './queries';
import { mayEditDashboards } from './dashboard-list';
import { useFigures } from './use-figures';
import { WidgetView } from './widget-view';
import { WidgetBuilder } from './widget-builder';
import './dashboards.css';

/**
 * /dashboards/$uuid: the widgets in their order, each with its last figures (kept on the device, so
 * the dashboard reads offline with "stand van …"). Managers and administrators add, edit, remove and
 * reorder widgets (drag, or the buttons and Alt+arrow keys); every change is a declared write.
 */
export function DashboardPage({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const { user } = useSnapshot(sessionStore);
  const editable = mayEditDashboards(user?.roleId);
  const dashboard = useReplicaQuery((r) => dashboardByUuid(r, uuid), [uuid]);
  const widgets = useReplicaQuery((r) => widgetsOf(r, uuid), [uuid]);
  const [editing, setEditing] = useState<WidgetDoc | 'new' | null>(null);
  const [announce, setAnnounce] = useState('');
  const [removed, setRemoved] = useState<{ name: string; clientMutationId: string } | null>(null);
  const dragged = useRef<string | null>(null);
  useDocumentTitle(dashboard?.name ?? t('dashboards.title'));

  if (dashboard === undefined || widgets === undefined) return <p role="status">{t('dashboards.list.loading')}</p>;
  if (dashboard === null) {
    return (
      <section className="dash">
        <h1>{t('dashboards.title')}</h1>
        <p role="alert" className="alert alert--error">{t('dashboards.page.notFound')}</p>
        <NavLink href="/dashboards">{t('dashboards.page.back')}</NavLink>
      </section>
    );
  }

  const move = async (from: number, to: number) => {
    if (to < 0 || to >= widgets.length || from === to) return;
    const order = [...widgets];
    const [w] = order.splice(from, 1);
    if (!w) return;
    order.splice(to, 0, w);
    for (const [i, x] of order.entries()) {
      if (x.sortOrder !== i) await syncApi().dashboards.moveWidget({ uuid: x.uuid, sortOrder: i });
    }
    setAnnounce(t('dashboards.page.moved', { name: w.name, position: to + 1, total: order.length }));
  };
  const onKey = (e: KeyboardEvent, i: number) => {
    if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    void move(i, e.key === 'ArrowUp' ? i - 1 : i + 1).catch(reportError);
  };
  const onDrop = (e: DragEvent, to: number) => {
    e.preventDefault();
    const from = widgets.findIndex((w) => w.uuid === dragged.current);
    dragged.current = null;
    if (from >= 0) void move(from, to).catch(reportError);
  };
  const remove = async (w: WidgetDoc) => {
    const clientMutationId = await syncApi().dashboards.deleteWidget({ uuid: w.uuid });
    setRemoved({ name: w.name, clientMutationId });
  };

  return (
    <section className="dash" aria-labelledby="dash-page-title">
      <header className="dash__header">
        <NavLink href="/dashboards" className="dash-back">{t('dashboards.page.back')}</NavLink>
        <h1 id="dash-page-title">{dashboard.name}</h1>
        {editable && editing === null ? (
          <button type="button" className="button button--primary" onClick={() => setEditing('new')}>{t('dashboards.page.addWidget')}</button>
        ) : null}
      </header>
      <p className="visually-hidden" role="status" aria-live="polite">{announce}</p>
      {removed ? (
        <div role="status" className="alert alert--success dash-undo">
          {t('dashboards.page.removed', { name: removed.name })}{' '}
          <button type="button" className="button button--small" onClick={() => { void syncApi().outbox.discard(removed.clientMutationId).catch(reportError); setRemoved(null); }}>
            {t('dashboards.list.undo')}
          </button>
        </div>
      ) : null}
      {editing !== null ? (
        <WidgetBuilder dashboard={dashboard} widget={editing === 'new' ? null : editing} nextOrder={widgets.length} onDone={() => setEditing(null)} />
      ) : null}
      {widgets.length === 0 ? <p>{t('dashboards.page.empty')}</p> : null}
      {editable && widgets.length > 1 ? <p className="dash-muted">{t('dashboards.page.moveHint')}</p> : null}
      <ol className="dash-widgets">
        {widgets.map((w, i) => (
          <li key={w.uuid} className="dash-widgets__item" onDragOver={editable ? (e) => e.preventDefault() : undefined} onDrop={editable ? (e) => onDrop(e, i) : undefined}>
            <WidgetCard
              widget={w}
              dashboard={dashboard}
              actions={
                editable ? (
                  <div className="dash-widget__actions">
                    <button type="button" className="button button--small dash-handle" draggable onDragStart={() => { dragged.current = w.uuid; }} onKeyDown={(e) => onKey(e, i)} aria-label={t('dashboards.page.handle', { name: w.name })} title={t('dashboards.page.moveHint')}>
                      ⠿
                    </button>
                    <button type="button" className="button button--small" disabled={i === 0} onClick={() => void move(i, i - 1).catch(reportError)} aria-label={`${t('dashboards.page.moveUp')}: ${w.name}`}>↑</button>
                    <button type="button" className="button button--small" disabled={i === widgets.length - 1} onClick={() => void move(i, i + 1).catch(reportError)} aria-label={`${t('dashboards.page.moveDown')}: ${w.name}`}>↓</button>
                    <button type="button" className="button button--small" onClick={() => setEditing(w)} aria-label={`${t('dashboards.page.edit')}: ${w.name}`}>{t('dashboards.page.edit')}</button>
                    <button type="button" className="button button--small" onClick={() => void remove(w).catch(reportError)} aria-label={`${t('dashboards.page.remove')}: ${w.name}`}>{t('dashboards.page.remove')}</button>
                  </div>
                ) : null
              }
            />
          </li>
        ))}
      </ol>
    </section>
  );
}

function WidgetCard({ widget, dashboard, actions }: { widget: WidgetDoc; dashboard: DashboardDoc; actions: React.ReactNode }) {
  const figures = useFigures(dashboard.id ?? null, widget.type, widget.graph, widget.uuid);
  return <WidgetView widget={widget} dashboardId={dashboard.id ?? null} figures={figures} actions={actions} />;
}
