/** Business constants of the spec (01 §9, 02 §9). */
export const DEFAULT_PAGE_SIZE = 15;
/** A page size of 0 means all records. */
export const PAGE_SIZE_ALL = 0;
export const PASSWORD_MIN_LENGTH = 16;
export const REGISTRATION_LINK_VALIDITY_HOURS = 24;
export const MFA_CODE_LENGTH = 6;
export const LOGO_MAX_BYTES = 100 * 1024;
export const REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS = 60 * 60 * 1000;
export const SENTRY_TRACES_SAMPLE_RATE = 0.25;
export const SENTRY_REPLAYS_ON_ERROR_SAMPLE_RATE = 0.25;
export const CACHE_TTL_MS = 60 * 1000;
export const ERROR_SCROLL_OFFSET = 113.5;
export const CHUNK_LOAD_TIMEOUT_MS = 120 * 1000;
export const ACCESS_TOKEN_COOKIE = 'access_token';
export const IDENTITY_CHAIN_COOKIE = 'identity_chain';
export const IMITATE_USER_HEADER = 'x-imitate-user';

export const DEFAULT_BRANDING = {
  primaryColor: '#3383a9',
  headerColor: '#3383a9',
  mainMenuBackgroundColor: '#fafafa',
  mainMenuActiveColor: '#3383a9',
  mainMenuTextAndIconColor: '#242424',
  logoUri: null as string | null,
} as const;

export type Branding = {
  primaryColor: string;
  headerColor: string;
  mainMenuBackgroundColor: string;
  mainMenuActiveColor: string;
  mainMenuTextAndIconColor: string;
  logoUri: string | null;
};
