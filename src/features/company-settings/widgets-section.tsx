import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_WIDGET_ORDERS, PARTICIPANT_WIDGETS, parseWidgetOrders, WIDGET_SWITCHES, type WidgetSwitch } from '../../domain/company-settings/settings-input';
import { WIDGETS_BY_PAGE } from '../../domain/users/settings-input';
import { setCompanySettings } from './api';
import { failureText, reasonText } from '../../lib/ui/reason-text';

type Page = 'home' | 'profile';
type WidgetId = (typeof PARTICIPANT_WIDGETS)[WidgetSwitch];
const SWITCH_OF = new Map<string, WidgetSwitch>(WIDGET_SWITCHES.map((s) => [PARTICIPANT_WIDGETS[s], s]));

/** The page's widgets in the stored order, then the ones the order does not name yet. */
function orderOf(page: Page, stored: Record<Page, string[]> | null): WidgetId[] {
  const all = WIDGETS_BY_PAGE[page] as readonly string[];
  const first = (stored?.[page] ?? [...DEFAULT_WIDGET_ORDERS[page]]).filter((w) => all.includes(w));
  return [...first, ...all.filter((w) => !first.includes(w))] as WidgetId[];
}

/** Participant widget switches and their order per page (01 §3). */
export function WidgetsSection({ settings }: { settings: Record<string, unknown> }) {
  const { t } = useTranslation();
  const id = useId();
  const stored = typeof settings.widgetOrders === 'string' ? parseWidgetOrders(settings.widgetOrders) : null;
  const [orders, setOrders] = useState<Record<Page, WidgetId[]>>(() => ({ home: orderOf('home', stored), profile: orderOf('profile', stored) }));
  const [on, setOn] = useState<Record<WidgetSwitch, boolean>>(() => Object.fromEntries(WIDGET_SWITCHES.map((s) => [s, settings[s] !== false])) as Record<WidgetSwitch, boolean>);
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);

  const move = (page: Page, index: number, delta: -1 | 1) => {
    const list = [...orders[page]];
    const other = list[index + delta];
    const item = list[index];
    if (other === undefined || item === undefined) return;
    list[index + delta] = item;
    list[index] = other;
    setOrders({ ...orders, [page]: list });
  };
  const save = async () => {
    try {
      const res = await setCompanySettings({ ...on, widgetOrders: JSON.stringify(orders) });
      setNotice(res.success ? { kind: 'ok', text: t('admin.company.featuresSaved') } : { kind: 'error', text: reasonText(t, res.reason, res.params) });
    } catch (error) {
      setNotice({ kind: 'error', text: failureText(t, error) });
    }
  };
  return (
    <section className="admin-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('admin.company.widgets')}</h2>
      <p className="admin-muted">{t('admin.company.widgetsHint')}</p>
      {(['home', 'profile'] as const).map((page) => (
        <fieldset key={page} className="company-widgets">
          <legend>{t(`admin.company.widgetPage.${page}`)}</legend>
          <ol>
            {orders[page].map((w, index) => {
              const sw = SWITCH_OF.get(w);
              const name = t(`admin.company.widget.${w}`);
              return (
                <li key={w}>
                  <label className="admin-check">
                    <input type="checkbox" checked={sw ? on[sw] : true} disabled={!sw} onChange={(e) => sw && setOn({ ...on, [sw]: e.target.checked })} />
                    {name}
                  </label>
                  <button type="button" className="button button--small" disabled={index === 0} onClick={() => move(page, index, -1)} aria-label={t('admin.company.moveUp', { widget: name })}>↑</button>
                  <button type="button" className="button button--small" disabled={index === orders[page].length - 1} onClick={() => move(page, index, 1)} aria-label={t('admin.company.moveDown', { widget: name })}>↓</button>
                </li>
              );
            })}
          </ol>
        </fieldset>
      ))}
      <button type="button" className="button button--primary" onClick={() => void save()}>{t('admin.common.save')}</button>
      {notice ? <p role={notice.kind === 'error' ? 'alert' : 'status'} className={`alert ${notice.kind === 'error' ? 'alert--error' : 'alert--success'}`}>{notice.text}</p> : null}
    </section>
  );
}
