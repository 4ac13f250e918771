import type { TFunction } from 'i18next';

/** Field → first message of a valibot failure (messages are i18n keys or Dutch sentences). */
export function fieldErrors(t: TFunction, issues: readonly { message: string; path?: readonly { key: unknown }[] | undefined }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path?.[0]?.key;
    const field = typeof key === 'string' ? key : '_form';
    out[field] ??= t(issue.message as 'admin.errors.unknown', { defaultValue: issue.message });
  }
  return out;
}
