import type { TFunction } from 'i18next';
import { ApiError, NetworkError } from '../../lib/api/api-error';
import { authText, reasonText } from './auth-text';

/** What a failed call tells the user, in the interface language. */
export function errorText(t: TFunction, error: unknown): string {
  if (error instanceof NetworkError) return t('auth.common.offline');
  if (error instanceof ApiError) {
    if (error.code === 'mfa_code_invalid' && error.hint === 'Code already used') return t('auth.mfaCode.reused');
    const fromText = reasonText(t, error.message);
    if (fromText !== error.message) return fromText;
    if (error.messageKey) return authText(t, error.messageKey);
    return error.message || t('auth.genericProblem');
  }
  return t('auth.genericProblem');
}
