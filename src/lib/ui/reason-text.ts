import type { TFunction } from 'i18next';
import { ApiError, NetworkError } from '../api/api-error';

/** The text of a mutation's reason: an i18n key (admin.errors.*) or a Dutch sentence the server sent. */
export function reasonText(t: TFunction, reason: string | null | undefined): string {
  if (!reason) return t('admin.errors.unknown');
  return t(reason as 'admin.errors.unknown', { defaultValue: reason });
}

/** The text of a thrown request error. */
export function failureText(t: TFunction, error: unknown): string {
  if (error instanceof NetworkError) return t('admin.errors.network');
  if (error instanceof ApiError && error.message) return error.message;
  return t('admin.errors.unknown');
}
