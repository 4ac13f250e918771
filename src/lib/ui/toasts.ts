/**
 * Toasts for the whole app, honouring the user's notification mode (01 §4): none shows nothing,
 * all keeps a toast until it is closed, timeout closes it after the user's seconds (0: not shown).
 * Call `toast(text)` from anywhere; <ToastHost /> renders them.
 */
import { proxy } from 'valtio';
import { toastLifetime } from '../../domain/portal/display-settings';
import { displayStore } from './display-settings';

export type ToastKind = 'info' | 'success' | 'error';

export interface ToastItem {
  id: number;
  text: string;
  kind: ToastKind;
  action?: { label: string; run: () => void };
}

export const toastStore = proxy<{ items: ToastItem[] }>({ items: [] });

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export function dismissToast(id: number): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  toastStore.items = toastStore.items.filter((t) => t.id !== id);
}

/** Shows a toast (unless the user chose no notifications); answers its id, or null when not shown. */
export function toast(text: string, options: { kind?: ToastKind; action?: ToastItem['action'] } = {}): number | null {
  const lifetime = toastLifetime(displayStore);
  if (lifetime === 0) return null;
  const id = nextId++;
  const item: ToastItem = { id, text, kind: options.kind ?? 'info', ...(options.action ? { action: options.action } : {}) };
  toastStore.items = [...toastStore.items.slice(-3), item];
  if (lifetime !== null) timers.set(id, setTimeout(() => dismissToast(id), lifetime));
  return id;
}
