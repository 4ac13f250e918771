import * as v from 'valibot';

/**
 * Theme and notification mode (01 §4): theme dark, light or automatic (the system's); notifications
 * all (stay until closed), none (not shown), or timeout (close after the user's timeout in seconds, ≥ 0).
 */
export const THEMES = ['light', 'dark', 'automatic'] as const;
export type Theme = (typeof THEMES)[number];
export const NOTIFICATION_MODES = ['all', 'none', 'timeout'] as const;
export type NotificationMode = (typeof NOTIFICATION_MODES)[number];

export const DisplaySettingsSchema = v.object({
  theme: v.picklist(THEMES, 'portal.validation.invalid'),
  notificationSetting: v.picklist(NOTIFICATION_MODES, 'portal.validation.invalid'),
  notificationTimeout: v.pipe(
    v.number('portal.validation.timeoutNumber'),
    v.integer('portal.validation.timeoutWhole'),
    v.minValue(0, 'portal.validation.timeoutMin'),
    v.maxValue(3600, 'portal.validation.timeoutMax'),
  ),
});
export type DisplaySettings = v.InferOutput<typeof DisplaySettingsSchema>;

export const DEFAULT_DISPLAY: DisplaySettings = { theme: 'automatic', notificationSetting: 'timeout', notificationTimeout: 5 };

/** A user's settings object (replica or server) as display settings, with defaults for what is missing. */
export function readDisplaySettings(settings: unknown): DisplaySettings {
  const s = typeof settings === 'object' && settings !== null ? (settings as Record<string, unknown>) : {};
  const theme = (THEMES as readonly unknown[]).includes(s.theme) ? (s.theme as Theme) : DEFAULT_DISPLAY.theme;
  const mode = (NOTIFICATION_MODES as readonly unknown[]).includes(s.notificationSetting) ? (s.notificationSetting as NotificationMode) : DEFAULT_DISPLAY.notificationSetting;
  const t = s.notificationTimeout;
  const timeout = typeof t === 'number' && Number.isInteger(t) && t >= 0 && t <= 3600 ? t : DEFAULT_DISPLAY.notificationTimeout;
  return { theme, notificationSetting: mode, notificationTimeout: timeout };
}

/** The theme to paint: automatic follows the system preference. */
export function effectiveTheme(theme: Theme, systemDark: boolean): 'light' | 'dark' {
  return theme === 'automatic' ? (systemDark ? 'dark' : 'light') : theme;
}

/**
 * How long a toast stays: null = until closed, 0 = not shown at all (mode none), otherwise milliseconds.
 * Timeout 0 seconds closes at once: the toast is not shown either.
 */
export function toastLifetime(s: Pick<DisplaySettings, 'notificationSetting' | 'notificationTimeout'>): number | null {
  if (s.notificationSetting === 'none') return 0;
  if (s.notificationSetting === 'all') return null;
  return s.notificationTimeout * 1000;
}
