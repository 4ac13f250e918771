import type { TFunction } from 'i18next';
import { ApiError, NetworkError, type ReasonParams } from '../api/api-error';
import { issueReason, type IssueLike } from '../../domain/shared/issue-reason';

/**
 * The server answers reason codes (i18n keys of the locale files) with params; these helpers put them
 * in the interface language. Nothing here reads a sentence the server wrote (docs/decisions.md, "Texts").
 */

/** The text of a key, or null when the locale files have none. Keys come from the server at run time, so they are not typed. */
function lookup(t: TFunction, key: string, params: Readonly<Record<string, unknown>>): string | null {
  const text: unknown = t(key as never, { ...params, defaultValue: '' });
  return typeof text === 'string' && text !== '' && text !== key ? text : null;
}

/**
 * The params with a field code (`{ field: 'surname' }`) replaced by its label (`reasons.fields.<code>`).
 * A field a screen already put in words (a label of its own) stays as it is.
 */
export function withFieldLabel(t: TFunction, params: ReasonParams | null | undefined): Record<string, string | number> {
  const out: Record<string, string | number> = { ...(params ?? {}) };
  if (typeof out.field === 'string' && /^[a-z][A-Za-z0-9]*$/.test(out.field)) {
    out.field = lookup(t, `reasons.fields.${out.field}`, {}) ?? out.field;
  }
  return out;
}

/**
 * A reason code with its params in words; `fallback` (an i18n key) when there is no code or the locale
 * files do not know it.
 */
export function translateReason(t: TFunction, reason: string | null | undefined, params: ReasonParams | null | undefined, fallback: string): string {
  const text = reason ? lookup(t, reason, withFieldLabel(t, params)) : null;
  return text ?? lookup(t, fallback, {}) ?? fallback;
}

/** The text of a mutation's reason code (with its params); unknown codes read as a general problem. */
export function reasonText(t: TFunction, reason: string | null | undefined, params?: ReasonParams | null): string {
  return translateReason(t, reason, params, 'admin.errors.unknown');
}

/** The text of a thrown request error: its reason code translated, never the server's message. */
export function failureText(t: TFunction, error: unknown): string {
  if (error instanceof NetworkError) return t('admin.errors.network');
  if (error instanceof ApiError) return translateReason(t, error.messageKey, error.params, 'admin.errors.unknown');
  return t('admin.errors.unknown');
}

/** The text of a failed parse's issue (a form's own check with the shared schema): its reason code with field and bound. */
export function issueText(t: TFunction, issue: IssueLike): string {
  const { reason, params } = issueReason(issue);
  return translateReason(t, reason, params, 'admin.errors.unknown');
}

/** Field → text of its first issue; issues outside a field go under `formKey`. */
export function issueTexts(t: TFunction, issues: readonly IssueLike[], formKey = '_form'): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path?.[0]?.key;
    out[typeof key === 'string' ? key : formKey] ??= issueText(t, issue);
  }
  return out;
}
