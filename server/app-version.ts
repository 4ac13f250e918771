import { readFileSync } from 'node:fs';

/**
 * The version of the build this server runs: `WERKPAD_APP_VERSION` when the deployment sets one (a release
 * number with a build suffix), else the `version` of package.json. The client build reads the same
 * (vite.config.ts), so a freshly deployed server and the app it serves agree.
 */
export function appVersion(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.WERKPAD_APP_VERSION?.trim();
  if (fromEnv) return fromEnv;
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: unknown };
  if (typeof pkg.version !== 'string' || !pkg.version) throw new Error('package.json has no version');
  return pkg.version;
}
