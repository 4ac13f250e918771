import * as v from 'valibot';

/** Communication preferences of a participant (portal page /my-communication-preferences). */
export const CHANNELS = ['messages', 'email', 'phone', 'sms', 'post'] as const;
export type Channel = (typeof CHANNELS)[number];
export const CONTACT_TIMES = ['morning', 'afternoon', 'evening'] as const;
export type ContactTime = (typeof CONTACT_TIMES)[number];

export const CommunicationPreferencesSchema = v.pipe(
  v.object({
    preferredChannel: v.picklist(CHANNELS, 'portal.validation.channelRequired'),
    channels: v.array(v.picklist(CHANNELS, 'portal.validation.invalid')),
    contactTimes: v.array(v.picklist(CONTACT_TIMES, 'portal.validation.invalid')),
    notes: v.pipe(v.string(), v.trim(), v.maxLength(500, 'portal.validation.notesTooLong')),
  }),
  v.check((x) => x.channels.includes(x.preferredChannel), 'portal.validation.preferredNotAllowed'),
);
export type CommunicationPreferences = v.InferOutput<typeof CommunicationPreferencesSchema>;

export const DEFAULT_PREFERENCES: CommunicationPreferences = { preferredChannel: 'messages', channels: ['messages'], contactTimes: [], notes: '' };

/** The stored preferences of a participant row's settings, or the defaults. */
export function readPreferences(settings: unknown): CommunicationPreferences {
  const raw = typeof settings === 'object' && settings !== null ? (settings as Record<string, unknown>).communicationPreferences : undefined;
  const parsed = v.safeParse(CommunicationPreferencesSchema, raw);
  return parsed.success ? parsed.output : DEFAULT_PREFERENCES;
}
