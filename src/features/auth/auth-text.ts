import type { TFunction } from 'i18next';
import type { ReasonParams } from '../../lib/api/api-error';
import { translateReason } from '../../lib/ui/reason-text';

/**
 * Translates a reason code of src/domain/auth (the valibot schemas' messages and the server's reason
 * codes, AUTH_REASONS): an i18n key, with its params (`minutes` of a lock, `field`: a field code of
 * the server or a label the form already put in words). A code the locale files do not know reads as
 * the general problem. The server never sends sentences, so nothing here reads one.
 */
export function authText(t: TFunction, key: string | null | undefined, params: ReasonParams | null = null): string {
  return translateReason(t, key, { minutes: 15, ...(params ?? {}) }, 'auth.genericProblem');
}

/** A graph mutation's reason code (with its params) in the interface language. */
export function reasonText(t: TFunction, reason: string | null | undefined, params: ReasonParams | null = null): string {
  return authText(t, reason, params);
}
