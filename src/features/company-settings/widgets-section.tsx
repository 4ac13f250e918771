import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CompanySettingsSchema, DEFAULT_WIDGET_ORDERS, type CompanySettingsInput, PARTICIPANT_WIDGETS, parseWidgetOrders, WIDGET_SWITCHES, type WidgetSwitch } from '../../domain/company-settings/settings-input';
import { WIDGETS_BY_PAGE } from '../../domain/users/settings-input';
import { setCompanySettings } from './api';
import { failureText } from '../../lib/ui/reason-text';
import { applyRefusal, schemaResolver } from '../../lib/forms/form-helpers';

type Page = 'home' | 'profile';
type WidgetId = (typeof PARTICIPANT_WIDGETS)[WidgetSwitch];
const SWITCH_OF = new Map<string, WidgetSwitch>(WIDGET_SWITCHES.map((s) => [PARTICIPANT_WIDGETS[s], s]));

/** The page's widgets in the stored order, then the ones the order does not name yet. */
function orderOf(page: Page, stored: Record<Page, string[]> | null): WidgetId[] {
  const all = WIDGETS_BY_PAGE[page] as readonly string[];
  const first = (stored?.[page] ?? [...DEFAULT_WIDGET_ORDERS[page]]).filter((w) => all.includes(w));
  return [...first, ...all.filter((w) => !first.includes(w))] as WidgetId[];
}

type Values = { on: Record<WidgetSwitch, boolean>; orders: Record<Page, WidgetId[]> };

/** The setCompanySettings input the section sends: its switches and the order as the JSON text the write takes. */
export const widgetsInput = (values: Values) => ({ ...values.on, widgetOrders: JSON.stringify(values.orders) });

/** Participant widget switches and their order per page (01 §3). */
export function WidgetsSection({ settings }: { settings: Record<string, unknown> }) {
  const { t } = useTranslation();
  const id = useId();
  const stored = typeof settings.widgetOrders === 'string' ? parseWidgetOrders(settings.widgetOrders) : null;
  // react-hook-form with the write's schema (CompanySettingsSchema, issue 21); what it cannot tie to a switch shows above the button
  const { register, control, setValue, handleSubmit, setError, formState: { errors } } = useForm<Values, unknown, CompanySettingsInput>({
    defaultValues: {
      orders: { home: orderOf('home', stored), profile: orderOf('profile', stored) },
      on: Object.fromEntries(WIDGET_SWITCHES.map((s) => [s, settings[s] !== false])),
    },
    resolver: schemaResolver(t, CompanySettingsSchema, widgetsInput),
    reValidateMode: 'onChange',
  });
  const orders = useWatch({ control, name: 'orders' });
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);

  const move = (page: Page, index: number, delta: -1 | 1) => {
    const list = [...orders[page]];
    const other = list[index + delta];
    const item = list[index];
    if (other === undefined || item === undefined) return;
    list[index + delta] = item;
    list[index] = other;
    setValue(`orders.${page}`, list, { shouldDirty: true });
  };
  const save = async (input: CompanySettingsInput) => {
    setNotice(null);
    try {
      const res = await setCompanySettings(input);
      if (res.success) setNotice({ kind: 'ok', text: t('admin.company.featuresSaved') });
      else {
        const text = applyRefusal(t, setError, WIDGET_SWITCHES.map((s) => `on.${s}` as const), res.reason, res.params && typeof res.params.field === 'string' ? { ...res.params, field: `on.${res.params.field}` } : res.params);
        if (text) setNotice({ kind: 'error', text });
      }
    } catch (error) {
      setNotice({ kind: 'error', text: failureText(t, error) });
    }
  };
  return (
    <section className="admin-card settings-card" aria-labelledby={`${id}-title`}>
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
                    {sw ? <input type="checkbox" aria-invalid={errors.on?.[sw] ? true : undefined} {...register(`on.${sw}`)} /> : <input type="checkbox" checked disabled readOnly />}
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
      {errors.root?.message ? <p role="alert" className="alert alert--error">{errors.root.message}</p> : null}
      <button type="button" className="button button--primary" onClick={() => void handleSubmit(save)()}>{t('admin.common.save')}</button>
      {notice ? <p role={notice.kind === 'error' ? 'alert' : 'status'} className={`alert ${notice.kind === 'error' ? 'alert--error' : 'alert--success'}`}>{notice.text}</p> : null}
    </section>
  );
}
