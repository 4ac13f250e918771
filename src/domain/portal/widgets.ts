/**
 * Portal widgets (01 §3): which widgets the company switches on, and the order a participant stored.
 * Home default order: my-profile, my-progress, my-work-plans, my-tasks; profile page: my-settings,
 * my-communication-preferences, my-development-profile, my-portfolio. Widgets the company switches on
 * but the stored order does not name are appended in catalogue order, so a new widget never hides.
 */
export const HOME_WIDGETS = ['my-profile', 'my-progress', 'my-work-plans', 'my-tasks', 'my-targets', 'me', 'my-homepage-picture'] as const;
export const PROFILE_WIDGETS = ['my-settings', 'my-communication-preferences', 'my-development-profile', 'my-portfolio', 'my-documents'] as const;

export type HomeWidget = (typeof HOME_WIDGETS)[number];
export type ProfileWidget = (typeof PROFILE_WIDGETS)[number];
export type WidgetId = HomeWidget | ProfileWidget;
export type WidgetPage = 'home' | 'profile';

export const DEFAULT_ORDER: Readonly<Record<WidgetPage, readonly WidgetId[]>> = {
  home: ['my-profile', 'my-progress', 'my-work-plans', 'my-tasks'],
  profile: ['my-settings', 'my-communication-preferences', 'my-development-profile', 'my-portfolio'],
};

export const WIDGETS_OF: Readonly<Record<WidgetPage, readonly WidgetId[]>> = { home: HOME_WIDGETS, profile: PROFILE_WIDGETS };

/** The company switch of each widget (usesWidget<Name>). */
export const WIDGET_FLAG: Readonly<Record<WidgetId, string>> = {
  'my-profile': 'usesWidgetMyProfile',
  'my-progress': 'usesWidgetMyProgress',
  'my-work-plans': 'usesWidgetMyWorkPlans',
  'my-tasks': 'usesWidgetMyTasks',
  'my-targets': 'usesWidgetMyTargets',
  me: 'usesWidgetMe',
  'my-homepage-picture': 'usesWidgetMyHomepagePicture',
  'my-settings': 'usesWidgetMySettings',
  'my-communication-preferences': 'usesWidgetMyCommunicationPreferences',
  'my-development-profile': 'usesWidgetMyDevelopmentProfile',
  'my-portfolio': 'usesWidgetMyPortfolio',
  'my-documents': 'usesWidgetMyDocuments',
};

export function isWidgetOn(settings: Readonly<Record<string, unknown>> | null | undefined, widget: WidgetId): boolean {
  return settings?.[WIDGET_FLAG[widget]] === true;
}

function isWidgetOf(page: WidgetPage, value: unknown): value is WidgetId {
  return typeof value === 'string' && (WIDGETS_OF[page] as readonly string[]).includes(value);
}

/** The company's widgetOrders (a JSON string, 01 §3) or a user's settings.widgetOrders (an object). */
export function parseWidgetOrders(value: unknown): Partial<Record<WidgetPage, WidgetId[]>> {
  let raw: unknown = value;
  if (typeof value === 'string') {
    try {
      raw = JSON.parse(value) as unknown;
    } catch {
      return {};
    }
  }
  if (typeof raw !== 'object' || raw === null) return {};
  const out: Partial<Record<WidgetPage, WidgetId[]>> = {};
  for (const page of ['home', 'profile'] as const) {
    const list = (raw as Record<string, unknown>)[page];
    if (Array.isArray(list)) out[page] = [...new Set(list.filter((w) => isWidgetOf(page, w)))];
  }
  return out;
}

/**
 * The widgets a page shows, in order: the user's stored order, else the company's, else the default;
 * then the remaining switched-on widgets. Widgets the company switched off never show.
 */
export function resolveWidgetOrder(
  page: WidgetPage,
  companySettings: Readonly<Record<string, unknown>> | null | undefined,
  userSettings: Readonly<Record<string, unknown>> | null | undefined,
): WidgetId[] {
  const stored = parseWidgetOrders(userSettings?.widgetOrders)[page] ?? parseWidgetOrders(companySettings?.widgetOrders)[page] ?? DEFAULT_ORDER[page];
  const order = [...stored, ...WIDGETS_OF[page].filter((w) => !stored.includes(w))];
  return order.filter((w) => isWidgetOn(companySettings, w));
}

/** Moves a widget one place up (-1) or down (+1); answers the same list when it cannot move. */
export function moveWidget<T>(list: readonly T[], item: T, delta: -1 | 1): T[] {
  const from = list.indexOf(item);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/** Moves a widget to an index (drag and drop). */
export function moveWidgetTo<T>(list: readonly T[], item: T, index: number): T[] {
  const from = list.indexOf(item);
  if (from < 0) return [...list];
  const next = [...list];
  next.splice(from, 1);
  next.splice(Math.max(0, Math.min(index, next.length)), 0, item);
  return next;
}
