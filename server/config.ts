import path from 'node:path';

export interface Config {
  port: number;
  /** postgres://… for a real PostgreSQL server; unset means embedded PGlite. */
  databaseUrl: string | undefined;
  /** Hot standbys that serve pulls (DATABASE_READ_URL, comma-separated; docs/read-replicas.md). */
  databaseReadUrls: string[];
  /** A standby further behind than this (ms) is skipped (DATABASE_READ_MAX_LAG_MS, default 2000). */
  databaseReadMaxLagMs: number | undefined;
  /** Where PGlite keeps its files and uploads are stored. */
  dataDir: string;
  /** Built PWA served at /. */
  staticDir: string;
  /** True unless started with `--dev` (npm run dev) or NODE_ENV=development. */
  production: boolean;
  /** Allow /api/dev/* helpers (the mail outbox): `npm run dev`, or WERKPAD_DEV_OUTBOX=1 / WERKPAD_DEV_TOOLS=1. */
  devTools: boolean;
  /** GraphiQL, introspection, field suggestions and unmasked error texts: `npm run dev`, or WERKPAD_GRAPH_DEV=1. */
  graphDevTools: boolean;
  /** Per-user rate limit on the graph endpoint (issue 20); `WERKPAD_GRAPH_RATE_LIMIT=0` switches it off (load tests, the fuzz test). */
  graphRateLimit: boolean;
  /** The graph's fast path for the pulls and the unread badge (server/graph/fast-path.ts, issue 25); WERKPAD_GRAPH_FAST_PATH=0 sends every request through yoga. */
  graphFastPath: boolean;
  publicUrl: string;
  sentryDsn: string | undefined;
  /** Seed the demo organisations on first start of an empty database. */
  seedDemo: boolean;
  /**
   * Keys that encrypt secrets at rest (TOTP): the first encrypts, all decrypt (rotation).
   * WERKPAD_SECRET_KEY (base64 of 32 bytes) and WERKPAD_SECRET_KEY_PREVIOUS (comma-separated); unset:
   * a key file generated beside the database (WERKPAD_SECRET_KEY_FILE, default <data dir>/secret.key).
   */
  secretKey: string | undefined;
  previousSecretKeys: string[];
  secretKeyFile: string;
  /**
   * Single sign-on issuers over plain http on a loopback address (a provider started by a test, or on the
   * developer's machine): `npm run dev`, or WERKPAD_SSO_LOOPBACK_ISSUERS=1. Otherwise https only.
   */
  ssoLoopbackIssuers?: boolean;
  /**
   * Hosts imports and exports may reach although they are private (WERKPAD_TRANSFER_PRIVATE_HOSTS,
   * comma-separated, e.g. an internal case system; 127.0.0.1 in tests). Every other private address is refused.
   */
  transferPrivateHosts: string[];
  /** Run scheduled imports and exports in this process (WERKPAD_TRANSFER_SCHEDULER=0 switches it off). */
  transferScheduler: boolean;
}

const flag = (value: string | undefined): boolean | undefined => (value === undefined || value === '' ? undefined : value === '1' || value === 'true');

/**
 * Production is the default: `npm start` exposes no development tool. `npm run dev` passes `--dev`;
 * single tools can be switched on with their own variable (e.g. WERKPAD_DEV_OUTBOX=1 for the e2e tests).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, argv: readonly string[] = process.argv): Config {
  const port = Number(env.PORT ?? 3000);
  const dev = argv.includes('--dev') || env.NODE_ENV === 'development';
  const dataDir = path.resolve(env.WERKPAD_DATA_DIR ?? 'data');
  return {
    port,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseReadUrls: (env.DATABASE_READ_URL ?? '').split(',').map((u) => u.trim()).filter(Boolean),
    databaseReadMaxLagMs: env.DATABASE_READ_MAX_LAG_MS ? Math.max(0, Number(env.DATABASE_READ_MAX_LAG_MS)) || undefined : undefined,
    dataDir,
    staticDir: path.resolve(env.WERKPAD_STATIC_DIR ?? 'dist'),
    production: !dev,
    devTools: flag(env.WERKPAD_DEV_OUTBOX) ?? flag(env.WERKPAD_DEV_TOOLS) ?? dev,
    graphDevTools: flag(env.WERKPAD_GRAPH_DEV) ?? dev,
    graphRateLimit: flag(env.WERKPAD_GRAPH_RATE_LIMIT) ?? true,
    graphFastPath: flag(env.WERKPAD_GRAPH_FAST_PATH) ?? true,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    sentryDsn: env.SENTRY_DSN || undefined,
    seedDemo: env.WERKPAD_SEED_DEMO !== '0',
    secretKey: env.WERKPAD_SECRET_KEY || undefined,
    previousSecretKeys: (env.WERKPAD_SECRET_KEY_PREVIOUS ?? '').split(',').map((k) => k.trim()).filter(Boolean),
    secretKeyFile: path.resolve(env.WERKPAD_SECRET_KEY_FILE ?? path.join(dataDir, 'secret.key')),
    ssoLoopbackIssuers: flag(env.WERKPAD_SSO_LOOPBACK_ISSUERS) ?? dev,
    transferPrivateHosts: (env.WERKPAD_TRANSFER_PRIVATE_HOSTS ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean),
    transferScheduler: env.WERKPAD_TRANSFER_SCHEDULER !== '0',
  };
}
