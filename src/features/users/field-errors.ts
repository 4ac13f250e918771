import type { TFunction } from 'i18next';
import type { IssueLike } from '../../domain/shared/issue-reason';
import { issueTexts } from '../../lib/ui/reason-text';

/** Field → text of the first issue of a valibot failure (messages are reason codes; src/lib/ui/reason-text.ts). */
export function fieldErrors(t: TFunction, issues: readonly IssueLike[]): Record<string, string> {
  return issueTexts(t, issues, '_form');
}
