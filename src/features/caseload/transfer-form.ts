import type { TFunction } from 'i18next';
import * as v from 'valibot';
import { issueTexts } from '../../lib/ui/reason-text';
import type { TransferKind } from '../../domain/caseload/seats';
import { ReplaceCaseloadManagerSchema, ReplaceCoachSchema, ReplaceManagerSchema } from '../../domain/caseload/inputs';
import type { TransferRow } from './queries';

/** The caseload transfer form's check (issue 21): the write's own schema per kind, its issues on the form's fields. */
const SCHEMAS = { coach: ReplaceCoachSchema, caseloadManager: ReplaceCaseloadManagerSchema, workPlanManager: ReplaceManagerSchema } as const;

/** The form's fields: the kind, the two people ('' for none yet) and the rows left out of the transfer. */
export interface TransferValues {
  kind: TransferKind;
  fromUserId: string;
  toUserId: string;
  excluded: number[];
}

/**
 * The write's input the form makes: the whole caseload (no ids) when every row is chosen, else the chosen
 * ids (participantIds, or workPlanIds for a manager of work plans).
 */
export function transferInput(values: TransferValues, rowIds: readonly number[]) {
  const chosen = rowIds.filter((id) => !values.excluded.includes(id));
  const all = chosen.length === rowIds.length;
  return {
    fromUserId: values.fromUserId === '' ? null : Number(values.fromUserId),
    toUserId: values.toUserId === '' ? null : Number(values.toUserId),
    ...(all ? {} : { [values.kind === 'workPlanManager' ? 'workPlanIds' : 'participantIds']: chosen }),
  };
}

/** The ids of the rows on screen (undefined while they load). */
export const rowIdsOf = (rows: readonly TransferRow[] | undefined) => rows?.map((row) => row.id);

/**
 * The problems of a transfer by field, from the write's own schema (of the kind chosen): the people on their
 * selects, the ids (and an empty choice) on the rows (`excluded`), others on `root` (pure: unit-tested).
 */
export function transferProblems(t: TFunction, values: TransferValues, rowIds: readonly number[] | undefined): Record<string, string> {
  const ids = rowIds ?? [];
  const parsed = v.safeParse(SCHEMAS[values.kind], transferInput(values, ids));
  const { participantIds, workPlanIds, _form, ...problems }: Record<string, string> = parsed.success ? {} : issueTexts(t, parsed.issues);
  const rows = participantIds ?? workPlanIds;
  if (rows) problems.excluded = rows;
  if (_form) problems.root = _form;
  if (parsed.success && ids.every((id) => values.excluded.includes(id))) problems.excluded = t(ids.length > 0 ? 'caseload.errors.emptySelection' : 'caseload.errors.nothingToMove');
  return problems;
}

