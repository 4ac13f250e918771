import type { TFunction } from 'i18next';

const KNOWN_OPS = [
  'saveSyncProbe',
  'bumpSyncProbe',
  'deleteSyncProbe',
  'sendMessage',
  'readMessage',
  'unreadMessage',
  'archiveMessage',
] as const;
type KnownOp = (typeof KNOWN_OPS)[number];

const isKnownOp = (op: string): op is KnownOp => (KNOWN_OPS as readonly string[]).includes(op);

/** "Bericht versturen" for an outbox row's operation; unknown operations show their name. */
export function opLabel(t: TFunction, op: string): string {
  return isKnownOp(op) ? t(`sync.op.${op}`) : t('sync.op.unknown', { op });
}

const KNOWN_REASONS = ['conflict', 'access_denied', 'not_found'] as const;
type KnownReason = (typeof KNOWN_REASONS)[number];
const isKnownReason = (reason: string): reason is KnownReason => (KNOWN_REASONS as readonly string[]).includes(reason);

/** Why the server refused a change, in words. */
export function reasonText(t: TFunction, reason: string): string {
  return isKnownReason(reason) ? t(`sync.reason.${reason}`) : t('sync.reason.other', { reason });
}

const KNOWN_FIELDS = ['body', 'subject', 'status', 'name', 'counter'] as const;
type KnownField = (typeof KNOWN_FIELDS)[number];
const isKnownField = (field: string): field is KnownField => (KNOWN_FIELDS as readonly string[]).includes(field);

/** A document field's name in words for the conflict choice; unknown fields show their name. */
export function fieldLabel(t: TFunction, field: string): string {
  return isKnownField(field) ? t(`sync.conflict.fields.${field}`) : field;
}
