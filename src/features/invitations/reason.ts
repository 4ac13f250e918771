import type { TFunction } from 'i18next';
import { NetworkError } from '../../lib/api/api-error';

/** The text of a mutation's reason (an i18n key or a sentence the server sent), or of a thrown error. */
export function reasonText(t: TFunction, reason: string | null | undefined): string {
  if (!reason) return t('admin.errors.unknown');
  return t(reason as 'admin.errors.unknown', { defaultValue: reason });
}
export function failureText(t: TFunction, error: unknown): string {
  return error instanceof NetworkError ? t('admin.errors.network') : t('admin.errors.unknown');
}
