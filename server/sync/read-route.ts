import { getOperationAST, Kind, OperationTypeNode, type DocumentNode } from 'graphql';
import { routeThisRequest } from '../db/routed';
import type { Plugin } from 'graphql-yoga';
import type { MiddlewareHandler } from 'hono';
import type { Viewer } from '../auth/viewer';
import type { GraphContext } from '../graph/context';
import { tokenFromRequest } from '../auth/session';
import type { Db, Queryable } from '../db/db';
import type { Standby } from '../db/replicas';
import type { Checkpoint } from '../../src/domain/sync/types';
import { peekClaims } from './checkpoint';
import { pullEnv, standbyPullEnv, type PullEnv } from './pull-env';
import { perOperation } from '../graph/per-operation';

/**
 * Where the pulls of one request read (issue 26, docs/read-replicas.md): a hot standby when the
 * database has some (`db.replicas`) and one qualifies for this session (server/db/replicas.ts), or
 * the primary. Per collection, the standby serves only when its published mark is at or past
 * where the client's checkpoint stands (its `s` and, while a sync pages, its mark `w`): the pages
 * of a sync started on the primary never continue on a standby that has not yet replayed the rows
 * below their mark, and a checkpoint never looks "ahead of the database" (which would reset it).
 * A standby that fails a statement is set aside and the primary answers instead, so the user sees
 * no error.
 */
export interface ReadSources {
  primary(): Promise<PullEnv>;
  /** The standby of this request with its env and mark, or null. Asked once per request. */
  standby(): Promise<{ standby: Standby; env: PullEnv; mark: number } | null>;
}

export function readSources(db: Db, viewer: Viewer, request: Request | null, primaryEnv: () => Promise<PullEnv> = () => Promise.resolve(pullEnv(db, viewer))): ReadSources {
  let primary: Promise<PullEnv> | null = null;
  let standby: Promise<{ standby: Standby; env: PullEnv; mark: number } | null> | null = null;
  return {
    primary: () => (primary ??= primaryEnv()),
    standby: () =>
      (standby ??= (async () => {
        const replicas = db.replicas;
        if (!replicas) return null;
        const chosen = await replicas.choose(request ? tokenFromRequest(request) : null);
        if (!chosen) return null;
        try {
          const found = await standbyPullEnv(chosen.db, viewer);
          return found ? { standby: chosen, ...found } : null;
        } catch (error) {
          replicas.failed(chosen, error);
          return null;
        }
      })()),
  };
}

/** The change_seq a server must have published to serve this checkpoint (unverified claims only steer). */
export function checkpointNeeds(checkpoint: Checkpoint): number {
  const claims = peekClaims(checkpoint.scopeKey);
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  return Math.max(num(checkpoint.seq), num(claims?.s), num(claims?.w));
}

/** Runs `read` on the standby when it can serve `checkpoint`, else (or when the standby fails) on the primary. */
export async function readRouted<T>(
  db: Db,
  sources: ReadSources,
  checkpoint: Checkpoint,
  read: (on: Queryable & Pick<Db, 'transaction'>, env: PullEnv) => Promise<T>,
): Promise<T> {
  const standby = await sources.standby();
  if (standby && standby.mark >= checkpointNeeds(checkpoint)) {
    try {
      return await read(standby.standby.db, standby.env);
    } catch (error) {
      db.replicas?.failed(standby.standby, error);
    }
  }
  return read(db, await sources.primary());
}

/** Graph requests whose operation only reads (queries: pulls, lists); their audit rows need no read-your-writes. */
const readOnlyRequests = new WeakSet<Request>();

/**
 * Query fields that keep the primary: the pulls and checksums (routed per collection by readRouted),
 * and what belongs to sign-in, tokens and the session (an invitation link opened a moment after it was
 * made, the two-step state, the session's identity, access checks, the sign-in adapters).
 */
const PRIMARY_QUERY_FIELDS = /^(pull|replicaChecksums$|invitationByToken$|mfa$|sessionIdentity$|accessCheck$|authenticationAdapters$|companyAuthenticationAdapters$)/;

/**
 * What an operation is for the read route, once per query text and operation (issue 25): whether
 * it only reads (not a mutation), and whether it is a query that only lists (no pulls, no field
 * that keeps the primary), which a standby may serve.
 */
const readShape = perOperation((document, operationName): { readOnly: boolean; lists: boolean } => {
  const operation = getOperationAST(document, operationName ?? undefined);
  if (!operation || operation.operation === OperationTypeNode.MUTATION) return { readOnly: false, lists: false };
  // Lists on a standby: a query without pulls (those route per collection themselves, readRouted).
  const pulls = operation.selectionSet.selections.some((s) => s.kind !== Kind.FIELD || PRIMARY_QUERY_FIELDS.test(s.name.value));
  return { readOnly: true, lists: operation.operation === OperationTypeNode.QUERY && !pulls };
});

/** Yoga plugin: notes graph requests whose operation is not a mutation, and routes those that only list. */
export function useReadOnlyOperations(): Plugin<GraphContext> {
  return {
    onExecute({ args }) {
      const { document, operationName } = args as { document: DocumentNode; operationName?: string | null };
      const shape = readShape(document, operationName);
      if (shape.readOnly) readOnlyRequests.add((args.contextValue as GraphContext).request);
      if (shape.lists) routeThisRequest();
    },
  };
}

/**
 * Read-your-writes across a standby: after a request that wrote (any method but GET/HEAD, and not a
 * graph query, whose only writes are audit rows), and before its answer leaves, the primary
 * publishes its mark and the session's write position is remembered, so the session's next pull
 * goes to a standby only once that standby has replayed it (server/db/replicas.ts). Nothing
 * happens without standbys.
 */
export function noteWritesForReads(db: Db): MiddlewareHandler {
  return async (c, next) => {
    const replicas = db.replicas;
    if (!replicas || c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const before = db.writeCount();
    await next();
    if (db.writeCount() === before || readOnlyRequests.has(c.req.raw)) return;
    try {
      await replicas.noteWrite(tokenFromRequest(c.req.raw));
    } catch (error) {
      // The write itself succeeded; its position is unknown, so the session reads the primary until its next write.
      console.error('Read replicas: publishing the mark after a write failed:', error instanceof Error ? error.message : error);
      replicas.pinToPrimary(tokenFromRequest(c.req.raw));
    }
  };
}
