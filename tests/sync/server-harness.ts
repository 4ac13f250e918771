/**
 * The real server (createApp on PGlite) for tests of the sync worker's modules in Node. Loaded by a
 * computed path: the server is its own TypeScript project, so the worker tests see only this shape.
 */
export interface SyncServerHarness {
  db: {
    query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<{ rows: T[]; rowCount: number }>;
    close(): Promise<void>;
  };
  app: { request(input: string, init?: RequestInit): Response | Promise<Response> };
  companyId: number;
  otherCompanyId: number;
  users: { id: number; companyId: number; token: string }[];
}

const FIXTURE_MODULE = '../../server/sync/test-fixture.ts';

export async function startSyncServer(): Promise<SyncServerHarness> {
  const mod = (await import(/* @vite-ignore */ FIXTURE_MODULE)) as { createSyncFixture(): Promise<SyncServerHarness> };
  return mod.createSyncFixture();
}

export interface RestartableSyncServer extends SyncServerHarness {
  /** Closes the database and opens it again with a new app (a server process restart). */
  restart(): Promise<void>;
}

export async function startRestartableSyncServer(dataDir: string): Promise<RestartableSyncServer> {
  const mod = (await import(/* @vite-ignore */ FIXTURE_MODULE)) as {
    createRestartableSyncFixture(dataDir: string): Promise<RestartableSyncServer>;
  };
  return mod.createRestartableSyncFixture(dataDir);
}
