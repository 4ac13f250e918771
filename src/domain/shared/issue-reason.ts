/**
 * Reason codes: what the server answers instead of sentences (docs/decisions.md, "Texts"). A code is an
 * i18n key of the locale files (`validation.required`, `admin.errors.forbidden`); `params` carries the
 * values its text needs (`field`: a field code the client shows by its label `reasons.fields.<code>`,
 * `max`, `min`, `minutes`). Valibot schemas use codes as their messages; this turns a failed parse
 * into a code with params, the same on the server and in a form.
 */

/** The shape of a reason code. */
export const REASON_CODE = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)+$/;

export type ReasonParams = Readonly<Record<string, string | number>>;

export interface Reason {
  reason: string;
  params: ReasonParams | null;
}

/** What this needs of a valibot issue. */
export interface IssueLike {
  readonly message: string;
  readonly type?: string;
  readonly requirement?: unknown;
  readonly path?: readonly { readonly key?: unknown }[] | undefined;
}

const BOUND: Readonly<Record<string, 'max' | 'min'>> = {
  max_length: 'max',
  max_value: 'max',
  max_size: 'max',
  max_words: 'max',
  max_graphemes: 'max',
  min_length: 'min',
  min_value: 'min',
  min_size: 'min',
  min_words: 'min',
  min_graphemes: 'min',
};

/** The field an issue is about: its path keys joined with dots ('' at the top). */
export function issueField(issue: IssueLike): string {
  return (issue.path ?? []).map((p) => (typeof p.key === 'string' || typeof p.key === 'number' ? String(p.key) : '')).filter(Boolean).join('.');
}

/**
 * An issue as a reason code with params: its message when that is a code (a rule's own message),
 * else `reasons.invalidField` (or `reasons.invalidInput` without a field) — valibot's English default
 * messages never reach a user. Params: the field and the rule's bound.
 */
export function issueReason(issue: IssueLike | undefined): Reason {
  if (!issue) return { reason: 'reasons.invalidInput', params: null };
  const field = issueField(issue);
  const params: Record<string, string | number> = {};
  if (field) params.field = field;
  const bound = issue.type ? BOUND[issue.type] : undefined;
  if (bound && (typeof issue.requirement === 'number' || typeof issue.requirement === 'bigint')) params[bound] = Number(issue.requirement);
  const reason = REASON_CODE.test(issue.message) ? issue.message : field ? 'reasons.invalidField' : 'reasons.invalidInput';
  return { reason, params: Object.keys(params).length > 0 ? params : null };
}

/** The first issue of a failed parse as a reason code with params. */
export function firstIssueReason(issues: readonly IssueLike[]): Reason {
  return issueReason(issues[0]);
}
