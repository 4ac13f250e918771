import type { TFunction } from 'i18next';
import { NetworkError } from '../../lib/api/api-error';

/** A mutation's reason code (with its params) in words (src/lib/ui/reason-text.ts). */
export { reasonText } from '../../lib/ui/reason-text';

export function failureText(t: TFunction, error: unknown): string {
  return error instanceof NetworkError ? t('admin.errors.network') : t('admin.errors.unknown');
}
