import type { TFunction } from 'i18next';
import { ApiError, NetworkError } from '../../lib/api/api-error';
import { authText } from './auth-text';

/** What a failed call tells the user, in the interface language: the reason code the server sent, translated. */
export function errorText(t: TFunction, error: unknown): string {
  if (error instanceof NetworkError) return t('auth.common.offline');
  if (error instanceof ApiError) {
    if (error.code === 'mfa_code_invalid' && error.hint === 'Code already used') return t('auth.mfaCode.reused');
    return authText(t, error.messageKey, error.params);
  }
  return t('auth.genericProblem');
}
