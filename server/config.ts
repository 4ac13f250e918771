import path from 'node:path';

export interface Config {
  port: number;
  /** postgres://… for a real PostgreSQL server; unset means embedded PGlite. */
  databaseUrl: string | undefined;
  /** Where PGlite keeps its files and uploads are stored. */
  dataDir: string;
  /** Built PWA served at /. */
  staticDir: string;
  production: boolean;
  /** Allow /api/dev/* helpers (outbox viewer). */
  devTools: boolean;
  publicUrl: string;
  sentryDsn: string | undefined;
  /** Seed the demo organisations on first start of an empty database. */
  seedDemo: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  const production = env.NODE_ENV === 'production';
  return {
    port,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.WERKPAD_DATA_DIR ?? 'data'),
    staticDir: path.resolve(env.WERKPAD_STATIC_DIR ?? 'dist'),
    production,
    devTools: env.WERKPAD_DEV_TOOLS ? env.WERKPAD_DEV_TOOLS === '1' : !production,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    sentryDsn: env.SENTRY_DSN || undefined,
    seedDemo: env.WERKPAD_SEED_DEMO !== '0',
  };
}
