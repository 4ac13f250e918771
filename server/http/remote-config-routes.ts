import type { Hono } from 'hono';
import type { Config } from '../config';
import type { Db } from '../db/db';
import { declare } from './route-rules';
import { REMOTE_CONFIG_INTERVAL_MS, remoteVersionKey } from '../../src/domain/pwa/remote-version';
import { appVersion } from '../app-version';

/**
 * The remote config of 01 §7: `GET /api/remote-config` answers the latest app version, keyed by the host name
 * with dots and dashes turned to underscores (the host the browser asked, and the installation's PUBLIC_URL host),
 * and the minimum fetch interval (01 §9, one hour):
 *   {parameters: {<host_key>: "<version>"}, minimumFetchIntervalSeconds: 3600}
 * Public (the sign-in page checks too): a version number is no secret. The latest version is the running build's.
 */
export function mountRemoteConfig(app: Hono, db: Db, config: Config, version: string = appVersion()): void {
  let publicHost: string | null = null;
  try {
    publicHost = new URL(config.publicUrl).hostname;
  } catch {
    publicHost = null;
  }
  declare(app, { db, config }, { method: 'GET', path: '/api/remote-config', access: 'public', scope: 'none' }, (c) => {
    const parameters: Record<string, string> = {};
    if (publicHost) parameters[remoteVersionKey(publicHost)] = version;
    const host = c.req.header('host');
    if (host) {
      try {
        parameters[remoteVersionKey(new URL(`http://${host}`).hostname)] = version;
      } catch {
        // a malformed Host header: only the installation's own key
      }
    }
    c.header('cache-control', 'no-store');
    return c.json({ parameters, minimumFetchIntervalSeconds: REMOTE_CONFIG_INTERVAL_MS / 1000 });
  });
}
