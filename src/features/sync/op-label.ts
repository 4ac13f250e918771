import type { TFunction } from 'i18next';
import { withFieldLabel } from '../../lib/ui/reason-text';

/**
 * The texts of an outbox row, from its declared write (`<area>.<action>`, src/domain/writes) and the
 * server's reason code. An area names its writes in its own locale file as `<area>.writes.<action>`
 * (the core areas under `sync.writes.<area>.<action>`); nothing here lists writes by hand.
 */
function lookup(t: TFunction, keys: readonly string[], fallback: string, params: Readonly<Record<string, unknown>> = {}): string {
  for (const key of keys) {
    // Keys are built from the write's name at run time, so they cannot be typed here.
    const text = t(key as never, { ...params, defaultValue: '' });
    if (typeof text === 'string' && text !== '') return text;
  }
  return fallback;
}

/** "Bericht versturen" for an outbox row's write; an unnamed write shows its name. */
export function opLabel(t: TFunction, op: string): string {
  const [area, action] = op.split('.');
  if (!area || !action) return t('sync.op.unknown', { op });
  return lookup(t, [`${area}.writes.${action}`, `sync.writes.${area}.${action}`], t('sync.op.unknown', { op }));
}

/** Why the server refused a change, in words: the reason code is a text key (with its params), or a sync code. */
export function reasonText(t: TFunction, reason: string, params?: Record<string, unknown> | null): string {
  const keys = /^[a-z][A-Za-z0-9]*\.[A-Za-z0-9.]+$/.test(reason) ? [reason] : [`sync.reason.${reason}`];
  const words = withFieldLabel(t, reasonParamsOf(params));
  return lookup(t, keys, t('sync.reason.other', { reason, ...words }), words);
}

/** A document field's name in words for the conflict choice; unknown fields show their name. */
export function fieldLabel(t: TFunction, field: string, collection?: string | null): string {
  return lookup(t, [...(collection ? [`${collection}.fields.${field}`] : []), `sync.conflict.fields.${field}`], field);
}

/** The string and number values of a refusal's params (what a text can interpolate). */
function reasonParamsOf(params: Record<string, unknown> | null | undefined): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params ?? {})) if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  return out;
}
