/** The named error pages of 01 §2, by the i18n key of their texts (`errorPages.<kind>`). */
export const ERROR_KINDS = [
  'http404',
  'http403',
  'deelnemernotfound',
  'werkplannotfound',
  'werkopdrachtnotfound',
  'testnotfound',
  'nosaimitation',
  'imitationNotAllowed',
  'userreturn',
  'expired',
  'locked',
] as const;

export type ErrorKind = (typeof ERROR_KINDS)[number];

/** Pages whose way out is signing in again rather than going home. */
export const SIGN_IN_AGAIN: ReadonlySet<ErrorKind> = new Set<ErrorKind>(['userreturn', 'expired', 'locked']);

export const ERROR_CODES: Partial<Record<ErrorKind, string>> = { http404: '404', http403: '403' };
