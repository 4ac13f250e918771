import * as v from 'valibot';

/** Personal settings of a user (01 §3 User settings, §4 theme and notification mode, §5 timeout ≥ 0). */
export const UserSettingsSchema = v.object({
  theme: v.nullish(v.picklist(['dark', 'light', 'automatic'], 'reasons.invalidField')),
  notificationSetting: v.nullish(v.picklist(['all', 'none', 'timeout'], 'reasons.invalidField')),
  notificationTimeout: v.nullish(
    v.pipe(v.number('validation.mustBeNumber'), v.integer('reasons.wholeNumber'), v.minValue(0, 'validation.minValue'), v.maxValue(3600, 'validation.maxValue')),
  ),
});
export type UserSettingsInput = v.InferOutput<typeof UserSettingsSchema>;

/** Widget pages and the widgets they know (01 §3 "Widget default order"). */
export const WIDGETS_BY_PAGE = {
  home: ['my-profile', 'my-progress', 'my-work-plans', 'my-tasks', 'my-targets', 'me', 'my-homepage-picture'],
  profile: ['my-settings', 'my-communication-preferences', 'my-development-profile', 'my-portfolio', 'my-documents'],
} as const;

export const WidgetOrderSchema = v.pipe(
  v.object({
    page: v.picklist(Object.keys(WIDGETS_BY_PAGE) as (keyof typeof WIDGETS_BY_PAGE)[], 'reasons.unknownWidgetPage'),
    widgets: v.array(v.string()),
  }),
  v.check(
    (x) => x.widgets.every((w) => (WIDGETS_BY_PAGE[x.page] as readonly string[]).includes(w)) && new Set(x.widgets).size === x.widgets.length,
    'reasons.unknownWidget',
  ),
);
