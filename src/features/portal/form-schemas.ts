import type { Resolver } from 'react-hook-form';
import { CommunicationPreferencesSchema, type CommunicationPreferences } from '../../domain/portal/communication';
import { DisplaySettingsSchema, type DisplaySettings, type NotificationMode, type Theme } from '../../domain/portal/display-settings';
import { SetTargetSchema, type SetTargetInput } from '../../domain/portal/targets';
import { WorkplaceApplicationSchema, type WorkplaceApplicationInput } from '../../domain/portal/workplaces';
import { uuidv7 } from '../../domain/sync/uuid-v7';
import { writeResolver } from '../../lib/forms/form-helpers';

/**
 * The portal forms' resolvers: each form checks with the valibot schema of the write it sends (the
 * schema actions.ts checks again before queueing and the server parses with), issues on the field typed in.
 */

/** The display settings as the form keeps them: the timeout as typed. */
export interface DisplayValues {
  theme: Theme;
  notificationSetting: NotificationMode;
  notificationTimeout: string;
}

/** The seconds typed as the write's number; text that is no number goes as it is, for the schema to refuse ("Vul een getal in"). */
export function timeoutOf(typed: string): number | string {
  const trimmed = typed.trim();
  const seconds = trimmed === '' ? Number.NaN : Number(trimmed);
  return Number.isNaN(seconds) ? typed : seconds;
}

export const displayResolver: Resolver<DisplayValues, unknown, DisplaySettings> = writeResolver<DisplayValues, DisplaySettings>(DisplaySettingsSchema, (x) => ({ ...x, notificationTimeout: timeoutOf(x.notificationTimeout) }), (path) =>
  path === 'theme' || path === 'notificationSetting' ? path : 'notificationTimeout',
);

/** The preferences' one rule across fields (the preferred channel is one of the allowed) lands on the preferred channel. */
export const preferencesResolver: Resolver<CommunicationPreferences, unknown, CommunicationPreferences> = writeResolver<CommunicationPreferences, CommunicationPreferences>(
  CommunicationPreferencesSchema,
  (x) => x,
  (path) => {
    const top = path.split('.')[0] ?? '';
    return top === 'channels' || top === 'contactTimes' || top === 'notes' ? top : 'preferredChannel';
  },
);

export interface TargetValues {
  description: string;
  targetDate: string;
}

/** setParticipantTarget's schema on a new target (not achieved; no date is null). */
export function targetResolver(): Resolver<TargetValues, unknown, SetTargetInput> {
  return writeResolver<TargetValues, SetTargetInput>(SetTargetSchema, (x) => ({ uuid: uuidv7(), description: x.description, targetDate: x.targetDate || null, achieved: false }), (path) =>
    path === 'targetDate' ? 'targetDate' : 'description',
  );
}

export interface ApplicationValues {
  motivation: string;
}

/** workplaceApplication's schema on the motivation typed (the workplace is the card's). */
export function applicationResolver(workplaceId: number): Resolver<ApplicationValues, unknown, WorkplaceApplicationInput> {
  return writeResolver<ApplicationValues, WorkplaceApplicationInput>(WorkplaceApplicationSchema, (x) => ({ uuid: uuidv7(), workplaceId, motivation: x.motivation }), () => 'motivation');
}
