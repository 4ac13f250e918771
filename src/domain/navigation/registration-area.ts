import { isConfinedToRegistration, type AccessUser } from './access';

/**
 * The registration area (01 §2, §4; issue 20): a participant in status Aanmelding or Registered is
 * confined to it. One rule (`isConfinedToRegistration`, the client's navigation uses it too) and what the
 * area needs from the server: the client's router shows nothing else, the server answers nothing else.
 */
export { isConfinedToRegistration };
export type { AccessUser };

/** Graph root fields the registration screen and the shell need: who am I, the replica, the picture, settings, password. */
export const REGISTRATION_GRAPH_FIELDS: ReadonlySet<string> = new Set([
  '__typename', 'me', 'mfa', 'sessionIdentity', 'replicaChecksums', 'setUserPicture', 'setUserSettings', 'setSettings', 'setCommunicationPreferences', 'changePassword', 'changeEmail',
  'syncProbe', 'bumpSyncProbe',
]);

/** Pulls answer only the tables the area shows (the participant themselves, their user, their company's branding, their pictures). */
export const REGISTRATION_TABLES: ReadonlySet<string> = new Set(['participants', 'users', 'companies', 'files', 'sync_probes']);

export const isRegistrationGraphField = (name: string): boolean => REGISTRATION_GRAPH_FIELDS.has(name) || /^pull[A-Z]/.test(name);

/**
 * REST paths (prefixes) the area uses: sign-in and out, the shell's menu and client log, the live stream, push,
 * pictures, and the device's own key share and report (issue 36: without the share the sealed replica of a
 * registering participant would not open after a reload, and the lock screen would ask for the password).
 */
export const REGISTRATION_REST_PREFIXES: readonly string[] = [
  '/api/oauth/', '/api/navigation', '/api/client', '/api/v2/stream', '/api/imitate/stop', '/api/fcm', '/api/push/',
  '/api/portal/pictures/', '/api/health', '/api/device/key-share', '/api/devices/current', '/api/devices/wiped',
];

export const isRegistrationRestPath = (path: string): boolean => REGISTRATION_REST_PREFIXES.some((p) => path === p || path.startsWith(p.endsWith('/') ? p : `${p}`));
