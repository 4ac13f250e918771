/**
 * The user's theme and notification mode on this device (01 §4). Mirrored in localStorage so the
 * theme is painted before the app starts (public/theme-boot.js reads the same key) and toasts know
 * their lifetime offline. The portal settings page and the replica watcher keep it current.
 */
import { proxy } from 'valtio';
import { DEFAULT_DISPLAY, effectiveTheme, readDisplaySettings, type DisplaySettings } from '../../domain/portal/display-settings';

export const DISPLAY_STORAGE_KEY = 'werkpad.display';

function readStored(): DisplaySettings {
  try {
    const raw = globalThis.localStorage?.getItem(DISPLAY_STORAGE_KEY);
    return raw ? readDisplaySettings(JSON.parse(raw)) : DEFAULT_DISPLAY;
  } catch {
    return DEFAULT_DISPLAY;
  }
}

export const displayStore = proxy<DisplaySettings>(readStored());

function systemDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
}

/** Paints the theme: `data-theme` on <html> and the matching color-scheme. */
export function applyTheme(): void {
  if (typeof document === 'undefined') return;
  const theme = effectiveTheme(displayStore.theme, systemDark());
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
  document.querySelector('meta[name="color-scheme"]')?.setAttribute('content', theme);
}

/** Stores new display settings on this device and applies them at once. */
export function setDisplaySettings(next: DisplaySettings): void {
  const same =
    next.theme === displayStore.theme && next.notificationSetting === displayStore.notificationSetting && next.notificationTimeout === displayStore.notificationTimeout;
  // The replica watcher calls this at every start with what this device already holds: then
  // nothing is written (localStorage writes are synchronous, on the start-up's main thread).
  if (same) return;
  Object.assign(displayStore, next);
  try {
    globalThis.localStorage?.setItem(DISPLAY_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // private mode: the theme still applies for this page
  }
  applyTheme();
}

let watching = false;
/** Follows the system's light/dark switch while the theme is automatic. */
export function watchSystemTheme(): void {
  if (watching || typeof matchMedia !== 'function') return;
  watching = true;
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => applyTheme());
  applyTheme();
}
