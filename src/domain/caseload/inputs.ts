import * as v from 'valibot';
import { recordIdSchema } from '../shared/record-id';

/**
 * Caseload transfer (02 §1 "Caseload transfer replaces the manager or coach over many participants";
 * /administration/caseload). One schema per batch mutation; messages are i18n keys of the `caseload`
 * area. Rules the spec leaves open are in docs/decisions.md ("Caseload transfer").
 */
export const CASELOAD_SELECTION_MAX = 5000;

const E = (key: string) => `caseload.errors.${key}`;

export const caseloadIdSchema = recordIdSchema(E('invalidId'));

const selection = v.optional(v.pipe(v.array(caseloadIdSchema, E('invalidId')), v.minLength(1, E('emptySelection')), v.maxLength(CASELOAD_SELECTION_MAX, E('tooMany'))));

const userId = (key: string) => v.pipe(v.nullish(caseloadIdSchema, null), v.check((x) => x != null, E(key)), v.transform((x) => Number(x)));
/** replaceCoach: the coach of the participants (and of their unfinished work plans) becomes another user. */
export const ReplaceCoachSchema = v.pipe(
  v.object({ fromUserId: userId('fromRequired'), toUserId: userId('toRequired'), participantIds: selection }),
  v.forward(v.check((i) => i.fromUserId !== i.toUserId, E('sameUser')), ['toUserId']),
);
/** replaceCaseloadManager: the manager of the participants (their caseload), of their open cases and unfinished work plans. */
export const ReplaceCaseloadManagerSchema = v.pipe(
  v.object({ fromUserId: userId('fromRequired'), toUserId: userId('toRequired'), participantIds: selection }),
  v.forward(v.check((i) => i.fromUserId !== i.toUserId, E('sameUser')), ['toUserId']),
);
/** replaceManager: the manager of unfinished work plans, optionally only the selected plans. */
export const ReplaceManagerSchema = v.pipe(
  v.object({ fromUserId: userId('fromRequired'), toUserId: userId('toRequired'), workPlanIds: selection }),
  v.forward(v.check((i) => i.fromUserId !== i.toUserId, E('sameUser')), ['toUserId']),
);
