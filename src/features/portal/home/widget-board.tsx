import { useRef, useState, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { moveWidget, moveWidgetTo, type WidgetId, type WidgetPage } from '../../../domain/portal/widgets';
import { saveWidgetOrder } from '../actions';

interface WidgetBoardProps {
  page: WidgetPage;
  order: readonly WidgetId[];
  render: (id: WidgetId) => ReactNode;
}

/**
 * The widgets of a page in the stored order. "Volgorde aanpassen" turns on reordering: each block
 * gets Omhoog/Omlaag buttons (keyboard, screen readers) and a handle to drag it by touch or mouse.
 * Every move is stored at once (queued when offline) and announced.
 */
export function WidgetBoard({ page, order, render }: WidgetBoardProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const orderKey = order.join(',');
  // A move shows at once; it stays until the stored order (replica plus queue) catches up.
  const [moved, setMoved] = useState<{ base: string; order: readonly WidgetId[] } | null>(null);
  const [announce, setAnnounce] = useState('');
  const [dragging, setDragging] = useState<WidgetId | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const local = moved && moved.base === orderKey ? moved.order : order;
  const setLocal = (next: readonly WidgetId[]) => setMoved({ base: orderKey, order: next });

  const commit = (next: readonly WidgetId[], widget: WidgetId) => {
    setLocal(next);
    setAnnounce(t('portal.home.moved', { widget: t(`portal.widgets.${widget}`), position: next.indexOf(widget) + 1, total: next.length }));
    void saveWidgetOrder(page, next);
  };

  const indexAt = (clientY: number): number => {
    const items = Array.from(listRef.current?.children ?? []);
    const found = items.findIndex((el) => {
      const r = el.getBoundingClientRect();
      return clientY < r.top + r.height / 2;
    });
    return found < 0 ? items.length - 1 : found;
  };

  const onHandleDown = (id: WidgetId) => (e: ReactPointerEvent<HTMLButtonElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    setDragging(id);
  };
  const onHandleMove = (id: WidgetId) => (e: ReactPointerEvent<HTMLButtonElement>) => {
    if (dragging !== id) return;
    const to = indexAt(e.clientY);
    if (to !== local.indexOf(id)) setLocal(moveWidgetTo(local, id, to));
  };
  const onHandleUp = (id: WidgetId) => () => {
    if (dragging !== id) return;
    setDragging(null);
    if (local.join(',') !== orderKey) commit(local, id);
  };

  if (order.length === 0) return <p className="portal__empty">{t('portal.home.noWidgets')}</p>;

  return (
    <div className="widget-board">
      <div className="widget-board__bar">
        <button type="button" className="button" aria-pressed={editing} onClick={() => setEditing(!editing)} data-testid="reorder-toggle">
          {editing ? t('portal.home.reorderDone') : t('portal.home.reorder')}
        </button>
        {editing ? <p className="widget-board__help">{t('portal.home.reorderHelp')}</p> : null}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {announce}
      </p>
      <ol ref={listRef} className="widget-board__list" data-testid={`widgets-${page}`}>
        {local.map((id, i) => (
          <li key={id} className={`widget-board__item${dragging === id ? ' widget-board__item--dragging' : ''}`} data-widget={id}>
            {editing ? (
              <div className="widget-board__controls">
                <button
                  type="button"
                  className="widget-board__handle"
                  aria-label={t('portal.home.dragHandle', { widget: t(`portal.widgets.${id}`) })}
                  onPointerDown={onHandleDown(id)}
                  onPointerMove={onHandleMove(id)}
                  onPointerUp={onHandleUp(id)}
                  onPointerCancel={onHandleUp(id)}
                >
                  <span aria-hidden="true">⠿</span>
                </button>
                <button
                  type="button"
                  className="button button--small"
                  disabled={i === 0}
                  aria-label={t('portal.home.moveUp', { widget: t(`portal.widgets.${id}`) })}
                  onClick={() => commit(moveWidget(local, id, -1), id)}
                >
                  <span aria-hidden="true">↑</span>
                </button>
                <button
                  type="button"
                  className="button button--small"
                  disabled={i === local.length - 1}
                  aria-label={t('portal.home.moveDown', { widget: t(`portal.widgets.${id}`) })}
                  onClick={() => commit(moveWidget(local, id, 1), id)}
                >
                  <span aria-hidden="true">↓</span>
                </button>
              </div>
            ) : null}
            {render(id)}
          </li>
        ))}
      </ol>
    </div>
  );
}
