import type { TFunction } from 'i18next';
import i18next from 'i18next';
import type nl from '../../i18n/nl.json';
import { authMessagesNl, type AuthMessageKey } from '../../domain/auth/messages';

type Leaves<T, P extends string> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every i18n key under `auth.`. */
export type AuthTextKey = Leaves<typeof nl.auth, 'auth.'>;

function isAuthTextKey(key: string): key is AuthTextKey {
  return key.startsWith('auth.') && i18next.exists(key);
}

/**
 * Translates a message key of src/domain/auth (the valibot schemas' messages and the server's
 * messageKey): `auth.*` as it is, `validation.required` with the field's label, other `validation.*`
 * under `auth.validation.*`. An unknown key comes back as it is.
 */
export function authText(t: TFunction, key: string, params: { field?: string; minutes?: number } = {}): string {
  if (key === 'validation.required') return t('validation.required', { field: params.field ?? '' });
  const candidate = key.startsWith('auth.') ? key : `auth.${key}`;
  return isAuthTextKey(candidate) ? t(candidate, { minutes: params.minutes ?? 15 }) : key;
}

const byDutchText = new Map<string, AuthMessageKey>(
  Object.entries(authMessagesNl)
    .filter(([, text]) => !text.includes('{'))
    .map(([key, text]) => [text, key as AuthMessageKey]),
);

/**
 * A graph mutation's `reason` (the server's Dutch text) in the interface language: known texts are
 * translated through their key, others are shown as the server wrote them.
 */
export function reasonText(t: TFunction, reason: string | null): string {
  if (!reason) return t('auth.genericProblem');
  const key = byDutchText.get(reason);
  if (key) return authText(t, key);
  const minutes = /over (\d+) minuten/.exec(reason);
  if (minutes?.[1] && reason.startsWith('Te veel mislukte inlogpogingen')) return authText(t, 'auth.tooManyFailedLogins', { minutes: Number(minutes[1]) });
  return reason;
}
