/**
 * One seed of fault injection (issue 8): simulated clients (sync engines on fake-indexeddb
 * replicas) write at random through the real outbox and the real server while the network drops
 * requests, loses answers after the server applied them, delivers requests twice, the server
 * process is killed with SIGKILL while it holds a push and started again on the same database (on
 * PGlite: the same data directory), and a client worker dies mid-drain (its rows left "sending").
 * Scope changes: the administrator moves participants between coaches with the real write
 * (participants.update, coachId) while the coaches edit them, and owners of sync probes are moved
 * between users in the database (documents leave one client's scope and enter another's).
 *
 * The writes (src/domain/sync-probes/writes.ts, src/domain/participants/writes.ts): creates, edits
 * of the same documents from several clients (body, title or both; a participant's phone, city and
 * coach: per-field merge and real conflicts, resolved by keeping the server's value or the
 * client's own), commutative bumps and deletes.
 *
 * Afterwards `checkFaultRun` verifies from the server's own records (processed_mutations, the audit
 * log in apply order) and what went over the wire: every accepted write is on the server exactly
 * once, every document's fields equal the last accepted edit of each field, every replica equals
 * the server's view of its scope, and every injected fault happened.
 */
import { DEPLOYED_PROBE_SAVE_VERSION, migrateProbeSave } from './deployed-writes';
import 'fake-indexeddb/auto';
import { SyncEngine } from '../../workers/engine';
import { createGraphTransport } from '../../workers/graph-client';
import { applyEvent, enqueue, listOutbox, resolveConflict } from '../../workers/outbox/outbox';
import { pushOutbox } from '../../workers/outbox/push';
import { pushDocument, PUSH_BATCH_MAX } from '../../src/domain/writes/push-document';
import { findWrite } from '../../src/domain/writes/registry';
import { defineWrite, type Write } from '../../src/domain/writes/define';
import { IDENTITY_MISMATCH, parseRowIdentity } from '../../src/domain/sync/row-identity';
import { createSession, hashToken } from '../../server/auth/session';
import { openReplica, type Replica } from '../../workers/replica/db';
import { urlOf } from '../../workers/test-support';
import { compareChecksums } from '../../workers/replica/checksum';
import type { GraphTransport } from '../../workers/graph-client';
import { createUuidV7, uuidv7Time } from '../../src/domain/sync/uuid-v7';
import { COLLECTION_NAMES } from '../../src/domain/sync/collections';
import { OutboxRowSending, WRITE_FAILED } from '../../src/domain/sync/outbox-machine';
import { installPoisonRows, POISON_PREFIX, type FaultServer, type FaultTenant, type FaultUser } from '../sync/fault-server';

export interface FaultOptions {
  seed: number;
  clients: number;
  writes: number;
}

/** Counts of what was injected and what happened. */
export interface FaultStats {
  requests: number;
  dropped: number;
  lostAnswers: number;
  duplicated: number;
  /** SIGKILLs of the server process. */
  serverCrashes: number;
  /** SIGKILLs while the server held a push whose answer had not arrived yet. */
  crashesMidPush: number;
  /** Mid-push SIGKILLs after which writes of that push were found committed (the rest never ran). */
  crashesAfterCommits: number;
  clientRestarts: number;
  rowsLeftSending: number;
  /** Sync probes moved to another owner in the database. */
  scopeMoves: number;
  /** Accepted participant edits that gave the participant another coach. */
  participantMoves: number;
  offlineToggles: number;
  conflictsKeptServer: number;
  conflictsKeptOwn: number;
  /** Conflicts whose document the server deleted or took out of scope meanwhile (dropped). */
  conflictsGone: number;
  /** Conflicts named on a field the client did not change (its value equals the base): must stay 0. */
  conflictsOnUnchangedFields: number;
  /** Issue 19: edits of a document made while a push of it was in flight (autosave). */
  editsDuringPush: number;
  /** Discards of rows in flight (a second tab): each must be refused. */
  discardsDuringPush: number;
  /** Writes of the replica that failed (quota) while a push's answer was applied; the retry recovers. */
  quotaErrors: number;
  /** Writes whose resolver throws (not transient): failed with write_failed after their tries. */
  poisonRows: number;
  /** Replica rows silently corrupted (a revision changed, a document dropped): issue 19. */
  replicaCorruptions: number;
  /** Collections the engines found drifted by their checksums and pulled again. */
  checksumRepairs: number;
  /** Of those, found by the checksum a pull's page carried, before the page was applied (issue 37). */
  checkpointChecksumRepairs: number;
  /** Kills of the server's LISTEN connections (issue 19); after each, pokes must resume on a live stream. */
  listenDrops: number;
  /** Rows sent whose client mutation id was made by a client clock 40 days slow or fast (issue 19). */
  clockSkews: number;
  /** Queued rows made with the input of the build before a deploy; the new worker migrates them (issue 19). */
  inputVersionChanges: number;
  rejected: Record<string, number>;
  /** Sessions ended mid-run with rows waiting; the same identity signed in again and sent them. */
  sessionExpiries: number;
  /** A client switched to another identity (another user) and back; its rows waited for it. */
  identitySwitches: number;
  /** Rows pushed on purpose over another identity's session: each must be refused, nothing written. */
  foreignRowsRefused: number;
  accepted: { creates: number; edits: number; bumps: number; deletes: number; participantEdits: number };
  /** Issue 26 (PostgreSQL with a standby): milliseconds the standby's replay stood paused while pulls read it. */
  replicaLagMs?: number;
  /** Rows the standby returned meanwhile (the pulls it served). */
  replicaRowsRead?: number;
}

/** The faults that must have happened in every run (asserted above zero). */
export const INJECTED: readonly (keyof FaultStats)[] = [
  'dropped', 'lostAnswers', 'duplicated', 'serverCrashes', 'crashesMidPush', 'clientRestarts', 'rowsLeftSending', 'scopeMoves',
  'participantMoves', 'editsDuringPush', 'discardsDuringPush', 'quotaErrors', 'poisonRows', 'listenDrops', 'clockSkews', 'sessionExpiries', 'identitySwitches', 'foreignRowsRefused', 'replicaCorruptions', 'checksumRepairs', 'checkpointChecksumRepairs', 'inputVersionChanges',
];

/** Reasons a write may be refused in this scenario: its document was deleted or moved to another owner. */
export const EXPECTED_REJECTIONS = new Set(['not_found', 'access_denied', 'create_rejected', WRITE_FAILED]);

export interface FaultRun {
  seed: number;
  database: string;
  stats: FaultStats;
  /** Problems found by the checks; empty when the run passed. */
  failures: string[];
  ms: number;
}

/** JSON with the keys of every object sorted: a migrated row may hold the same values in another order. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}

/** A UUID v7 without its time: the version and random bits, which identify it whatever its time says. */
function idKey(id: string): string {
  return id.toLowerCase().slice(14);
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Client {
  name: string;
  userId: number;
  role: FaultUser['role'];
  /** The bearer token of its session (a session expiry gives the user a new one). */
  token: string;
  replicaName: string;
  replica: Replica;
  engine: SyncEngine;
  online: boolean;
  /** Set to make this client's next push reach the server and then never answer (the worker died). */
  dieOnPush: (() => void) | null;
  /** The engine's transport (the checksum checker uses it too). */
  transport: GraphTransport;
  /** Set once a deploy changed probes.save's input under this client (its engines use DEPLOYED_WRITES). */
  deployed?: boolean;
}

/**
 * A deploy that changed a write's input mid-run (issue 19): the build before it sent probes.save's
 * body as `text`; the deployed build (version 2) sends `body` and migrates rows queued before it. The
 * server runs version 2 from the start (tests/faults/deployed-writes.ts), as a deploy updates it first.
 */
const currentProbeSave = findWrite('probes.save')!;
const deployedProbeSave: Write = defineWrite({
  ...currentProbeSave,
  version: DEPLOYED_PROBE_SAVE_VERSION,
  migrate: migrateProbeSave,
});
const DEPLOYED_WRITES = (name: string): Write | null => (name === 'probes.save' ? deployedProbeSave : findWrite(name));

interface Sent {
  /** The identity the row was made under, as sent (src/domain/sync/row-identity.ts). */
  identity: string | null;
  mutation: string;
  input: Record<string, unknown>;
  baseRevision: unknown;
  baseValues: unknown;
}

interface ParticipantRow {
  uuid: string;
  coach_id: number | null;
  manager_id: number | null;
  phone: string | null;
  city: string | null;
  display: number;
  revision: number;
  deleted: boolean;
}

/** The replicated collections of every client. */
const COLLECTIONS = ['syncProbes', 'participants'] as const;

interface ProbeRow {
  uuid: string;
  user_id: number;
  body: string;
  title: string;
  counter: number;
  revision: number;
  deleted: boolean;
}

export async function runFaultSeed(server: FaultServer, options: FaultOptions): Promise<FaultRun> {
  const started = Date.now();
  const { seed, writes } = options;
  const random = mulberry32(seed);
  const uuid = createUuidV7((bytes) => {
    for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(random() * 256);
    return bytes;
  });
  // Two clients per user (a phone and a laptop): they edit the same documents. The first user is
  // the administrator; at least two coaches, so participants can move between them.
  const userCount = Math.max(3, Math.ceil(options.clients / 2));
  const tenant = await server.tenant(userCount);
  const stats: FaultStats = {
    requests: 0, dropped: 0, lostAnswers: 0, duplicated: 0, serverCrashes: 0, crashesMidPush: 0, crashesAfterCommits: 0, clientRestarts: 0,
    rowsLeftSending: 0, scopeMoves: 0, participantMoves: 0, offlineToggles: 0, conflictsKeptServer: 0, conflictsKeptOwn: 0, conflictsGone: 0,
    conflictsOnUnchangedFields: 0, editsDuringPush: 0, discardsDuringPush: 0, quotaErrors: 0, poisonRows: 0, listenDrops: 0, clockSkews: 0, rejected: {}, sessionExpiries: 0, identitySwitches: 0, foreignRowsRefused: 0, replicaCorruptions: 0, checksumRepairs: 0, checkpointChecksumRepairs: 0, inputVersionChanges: 0,
    accepted: { creates: 0, edits: 0, bumps: 0, deletes: 0, participantEdits: 0 },
  };
  /** Every row that went over the wire, by client mutation id (replays carry the same input). */
  const sent = new Map<string, Sent>();
  /** The last answer a client received per client mutation id. */
  const answered = new Map<string, { success: boolean; reason: string | null }>();
  await installPoisonRows(server.db);
  // Issue 26: replication delay at random moments, from its own random stream (the scenario's stays as it was).
  server.replicaLag?.start(mulberry32(seed ^ 0x2626));
  /**
   * Issue 19's checkers: every write the user made, by client mutation id, with its last args (an
   * edit folded into a row replaces them); the rows refused with a reason (failed or conflict, seen
   * by tidy); the accepted answers of the running sync per client (read-your-writes); the highest
   * revision each replica showed per document (monotonic reads).
   */
  const made = new Map<string, { client: string; args: Record<string, unknown> }>();
  const refused = new Set<string>();
  const invariantFailures: string[] = [];
  const acceptedNow = new Map<string, { id: string; uuid: string; revision: number }[]>();
  const revisionsSeen = new Map<string, Map<string, number>>();
  /** Documents whose revision the corruption fault rewrote, per client: their replica's revision was never read from the server, so monotonic reads do not judge them. */
  const corruptedDocs = new Map<string, Set<string>>();
  const track = async (replica: Replica, name: Parameters<typeof enqueue>[1], input: unknown, extra?: object, at?: number): Promise<string> => {
    const id = await enqueue(replica, name, input, extra, at);
    const row = await replica.outbox.get(id);
    if (row) made.set(id, { client: replica.dexie.name, args: row.args });
    return id;
  };
  /** What each client received, per probe (pull pages and push answers), shown for a replica that differs. */
  const trace = new Map<string, string[]>();
  let traceStep = 0;
  const note = (client: string, uuid: string, what: string) => {
    const key = `${client} ${uuid}`;
    const list = trace.get(key) ?? [];
    list.push(`#${traceStep} ${what}`);
    trace.set(key, list);
  };
  const notePull = (client: string, body: string, text: string) => {
    let request: { query: string; variables: Record<string, unknown> };
    let answer: { data?: Record<string, { documents: { uuid: string; revision?: number; _deleted?: boolean; title?: string }[]; checkpoint: { seq: number }; reset: boolean; hasMore: boolean } | null> | null };
    try {
      request = JSON.parse(body) as typeof request;
      answer = JSON.parse(text) as typeof answer;
    } catch {
      return;
    }
    if (!request.query.startsWith('query Pull')) return;
    const fields = [...request.query.matchAll(/(\w+)\(checkpoint: \$(cp\d+)/g)];
    for (const [, field, cp] of fields) {
      if (!field!.toLowerCase().includes('probe')) continue;
      const page = answer.data?.[field!];
      if (!page) continue;
      const from = (request.variables[cp!] as { seq?: number } | undefined)?.seq;
      const head = `pull ${from}->${page.checkpoint.seq}${page.reset ? ' reset' : ''}${page.hasMore ? ' more' : ''}`;
      note(client, '*', `${head} (${page.documents.length} docs)`);
      for (const d of page.documents) note(client, d.uuid, `${head}: r${d.revision}${d._deleted ? ' deleted' : ''} ${d.title ?? ''}`);
    }
  };
  // A virtual clock far ahead of every backoff: the test, not timers, decides when to retry.
  let clock = Date.now();
  const now = () => clock;
  let faults = true;
  let crashArmed = false;
  /** Kills that came too late (the answer was back): the crash stays armed for the next push, this often. */
  let crashRetries = 0;

  const record = (body: string) => {
    const parsed = JSON.parse(body) as { query: string; variables: Record<string, Record<string, unknown>> };
    if (!parsed.query.startsWith('mutation Push')) return false;
    for (const m of parsed.query.matchAll(/\br(\d+): (\w+)\(/g)) {
      const vars = parsed.variables[`r${m[1]}`];
      if (!vars) continue;
      // The row's write version (issue 37) travels beside the input, like its id and base: not the user's values.
      const { clientMutationId, baseRevision, baseValues, identity, writeVersion: _version, ...input } = vars;
      if (!sent.has(String(clientMutationId)) && Math.abs(uuidv7Time(String(clientMutationId)) - clock) > SKEW_SEEN_MS) stats.clockSkews++;
      sent.set(String(clientMutationId), { identity: typeof identity === 'string' ? identity : null, mutation: m[2]!, input, baseRevision, baseValues });
    }
    return true;
  };
  const readAnswers = (body: string, text: string, client: string) => {
    const parsed = JSON.parse(body) as { variables: Record<string, { clientMutationId?: string; uuid?: string; baseRevision?: number }> };
    type Answers = Record<string, { success: boolean; reason: string | null; revision?: number | null } | null>;
    let data: Answers | null = null;
    try {
      data = (JSON.parse(text) as { data?: Answers | null }).data ?? null;
    } catch {
      return;
    }
    for (const [key, answer] of Object.entries(data ?? {})) {
      const id = parsed.variables[key]?.clientMutationId;
      if (id && answer) answered.set(id, { success: answer.success, reason: answer.reason });
      const target = parsed.variables[key]?.uuid;
      if (id && answer?.success && target && typeof answer.revision === 'number') {
        acceptedNow.set(client, [...(acceptedNow.get(client) ?? []), { id, uuid: target, revision: answer.revision }]);
      }
      if (id && answer && target) {
        const w = sent.get(id);
        note('all', target, `${client} push ${w?.mutation} ${id.slice(-6)} -> ${answer.success ? `r${answer.revision}` : answer.reason}`);
        note(client, target, `push ${w?.mutation} ${id.slice(-6)} base r${String(parsed.variables[key]?.baseRevision)} ${JSON.stringify(w?.input)} -> ${answer.success ? `r${answer.revision}` : answer.reason}`);
      }
    }
  };

  /** The replica's next read-write transaction fails as a full disk does (the answer of the push in flight). */
  const failNextWrite = (replica: Replica) => {
    const dexie = replica.dexie as unknown as { transaction: (...args: unknown[]) => unknown };
    const original = dexie.transaction;
    dexie.transaction = (...args: unknown[]) => {
      if (args[0] !== 'rw') return original.apply(replica.dexie, args);
      dexie.transaction = original;
      stats.quotaErrors++;
      return original.call(replica.dexie, 'rw', ...args.slice(1, -1), () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      });
    };
  };

  /**
   * While a push is on its way (issue 19): the user edits a document of it (autosave), a second tab
   * tries to discard one of its rows (must be refused), or the disk fills up before its answer is written.
   */
  const duringPush = async (c: Client, body: string) => {
    const parsed = JSON.parse(body) as { query: string; variables: Record<string, { clientMutationId?: string; uuid?: string }> };
    const rows = [...parsed.query.matchAll(/\br(\d+): (\w+)\(/g)].map((m) => ({ mutation: m[2]!, ...parsed.variables[`r${m[1]}`] }));
    const saves = rows.filter((r) => r.mutation === 'saveSyncProbe' && typeof r.uuid === 'string');
    if (saves.length > 0 && random() < 0.2) {
      const target = saves[Math.floor(random() * saves.length)]!.uuid!;
      await track(c.replica, 'probes.save', { uuid: target, body: `edited during push ${stats.requests} by ${c.name}` }, undefined, clock);
      stats.editsDuringPush++;
    }
    const ids = rows.map((r) => r.clientMutationId).filter((id): id is string => typeof id === 'string');
    if (ids.length > 0 && random() < 0.1) {
      // The local row of an id on the wire (a fault may have moved the id's time: match its random bits).
      const wire = ids[Math.floor(random() * ids.length)]!;
      const local = await c.replica.outbox.filter((r) => idKey(r.clientMutationId) === idKey(wire)).first();
      try {
        if (local) {
          await applyEvent(c.replica, local.clientMutationId, { type: 'discard' }, clock);
          invariantFailures.push(`${c.name}: ${local.clientMutationId} was discarded while it was being sent`);
        }
      } catch (error) {
        if (!(error instanceof OutboxRowSending)) throw error;
        stats.discardsDuringPush++;
      }
    }
    if (random() < 0.04) failNextWrite(c.replica);
  };

  /** Read-your-writes after each accepted push, and monotonic reads, for one client after its sync. */
  const checkReads = async (c: Client) => {
    const accepted = acceptedNow.get(c.name) ?? [];
    acceptedNow.delete(c.name);
    const probes = new Map((await c.replica.docs('syncProbes').toArray()).map((d) => [d.uuid, d]));
    // A later change of the same document accepted in the same sync: the replica shows its values (the
    // server's), while its revision label may stay at the earlier answer until the next pull (a change
    // that skipped revisions is not stamped with a revision holding changes this client has not seen).
    const latest = new Map<string, number>();
    for (const a of accepted) latest.set(a.uuid, Math.max(latest.get(a.uuid) ?? 0, a.revision));
    for (const a of accepted) {
      const w = sent.get(a.id);
      const doc = probes.get(a.uuid);
      // At the revision the server answered (nothing came after it), the replica shows what was written.
      if (!w || w.mutation !== 'saveSyncProbe' || !doc || doc._pending || doc.revision !== a.revision || (latest.get(a.uuid) ?? 0) > a.revision) continue;
      const base = w.baseValues && typeof w.baseValues === 'object' ? (w.baseValues as Record<string, unknown>) : null;
      for (const field of ['body', 'title']) {
        const edited = typeof w.input[field] === 'string' && (!base || !Object.hasOwn(base, field) || base[field] !== w.input[field]);
        if (edited && doc[field] !== w.input[field]) {
          const rows = (await c.replica.outbox.toArray()).filter((r) => r.target === a.uuid).map((r) => `${r.op} ${r.status} ${JSON.stringify(r.args)}`);
          invariantFailures.push(
            `${c.name}: read-your-writes: ${a.uuid} at r${a.revision} shows ${field} ${JSON.stringify(doc[field])}, accepted ${JSON.stringify(w.input[field])}\n  ` +
              [`outbox: ${rows.join(' | ') || 'none'}`, ...(trace.get(`${c.name} ${a.uuid}`) ?? []).slice(-12), 'all pushes of it:', ...(trace.get(`all ${a.uuid}`) ?? []).slice(-8)].join('\n  '),
          );
        }
      }
    }
    const seen = revisionsSeen.get(c.name) ?? new Map<string, number>();
    revisionsSeen.set(c.name, seen);
    for (const collection of COLLECTIONS) {
      for (const d of await c.replica.docs(collection).toArray()) {
        if (d._pending || typeof d.revision !== 'number' || corruptedDocs.get(c.name)?.has(d.uuid)) continue;
        const before = seen.get(d.uuid);
        if (before !== undefined && d.revision < before) invariantFailures.push(`${c.name}: monotonic reads: ${collection} ${d.uuid} went back from r${before} to r${d.revision}`);
        seen.set(d.uuid, Math.max(before ?? 0, d.revision));
      }
    }
  };

  const makeClient = (i: number): Client => {
    const user = tenant.users[Math.floor(i / 2) % tenant.users.length]!;
    const replicaName = `werkpad-faults-${server.database}-${seed}-${tenant.companyId}-${i}`;
    const client: Client = {
      name: `client${i}`,
      userId: user.id,
      role: user.role,
      token: user.token,
      replicaName,
      replica: openReplica({ companyId: tenant.companyId, userId: user.id, realUserId: user.id, chain: [] }, replicaName),
      engine: null as unknown as SyncEngine,
      online: true,
      dieOnPush: null,
      transport: null as unknown as GraphTransport,
    };
    client.engine = engineFor(client);
    return client;
  };

  const engineFor = (client: Client): SyncEngine => {
    const transport = createGraphTransport({
      baseUrl: 'http://werkpad.test',
      headers: () => ({ authorization: `Bearer ${client.token}` }),
      fetchFn: async (input, init) => {
        stats.requests++;
        const skew = skewed.get(client.name) ?? 0;
        if (skew !== 0 && typeof init?.body === 'string' && init.body.includes('mutation Push(')) {
          init = { ...init, body: init.body.replace(/"clientMutationId":"([0-9a-f-]{36})"/g, (_m, id: string) => `"clientMutationId":"${skewedId(id, skew)}"`) };
        }
        const body = typeof init?.body === 'string' ? init.body : '';
        traceStep++;
        note(client.name, '*', `${body.slice(0, 11)}${client.online ? '' : ' offline'}${faults ? '' : ' clean'}`);
        if (!client.online) throw new TypeError('Failed to fetch (offline)');
        const isPush = body ? record(body) : false;
        if (isPush && faults) await duringPush(client, body);
        const url = urlOf(input);
        if (isPush && client.dieOnPush) {
          // The worker dies after its request left: the server applies it, nobody reads the answer.
          const died = client.dieOnPush;
          client.dieOnPush = null;
          await server.fetch(url, init).then((r) => r.text()).catch(() => undefined);
          died();
          return new Promise<Response>(() => undefined);
        }
        if (isPush && crashArmed) {
          // SIGKILL of the server process while it holds this push; it starts again on the same database.
          crashArmed = false;
          const { midPush } = await server.crashDuring(url, init, random);
          stats.serverCrashes++;
          if (midPush) {
            stats.crashesMidPush++;
            // Part of the push may have committed before the kill: it must be there after the restart
            // (checked with everything else at the end); counted to show where the kills landed.
            const ids = [...body.matchAll(/"clientMutationId":"([0-9a-f-]{36})"/g)].map((m) => m[1]!);
            const { rows } = await server.db.query<{ n: number }>(
              'SELECT count(*)::int AS n FROM processed_mutations WHERE client_mutation_id::text = ANY($1::text[])',
              [ids],
            );
            if (Number(rows[0]?.n ?? 0) > 0) stats.crashesAfterCommits++;
          } else if (crashRetries++ < 8) crashArmed = true; // the answer came first: the next push gets the kill
          throw new TypeError('fetch failed: the server went away');
        }
        const roll = faults ? random() : 1;
        if (roll < 0.08) {
          note(client.name, '*', 'dropped');
          stats.dropped++;
          throw new TypeError('Failed to fetch');
        }
        const finish = async (res: Response): Promise<Response> => {
          const text = await res.text();
          if (isPush) readAnswers(body, text, client.name);
          else notePull(client.name, body, text);
          return new Response(text, { status: res.status, headers: res.headers });
        };
        if (roll < 0.16) {
          stats.duplicated++;
          const [first, second] = await Promise.all([server.fetch(url, init), server.fetch(url, init)]);
          await second.text();
          return finish(first);
        }
        const res = await server.fetch(url, init);
        if (roll < 0.24) {
          note(client.name, '*', 'answer lost');
          stats.lostAnswers++;
          await res.text();
          throw new TypeError('Network connection lost');
        }
        return finish(res);
      },
    });
    client.transport = transport;
    // No timers: retries happen only when the test asks.
    return new SyncEngine({
      replica: client.replica,
      transport,
      collections: [...COLLECTIONS],
      now,
      random,
      pullLimit: 100,
      schedule: () => () => undefined,
      ...(client.deployed ? { writes: DEPLOYED_WRITES } : {}),
    });
  };

  /**
   * Two devices with a wrong clock (issue 19, point 6): the third client's is 40 days slow, the
   * fourth's 40 days fast (with fewer clients, the last two). The worker's id generator is one per
   * process here and monotonic, so the skew is applied where the server sees it: the client mutation
   * ids of their pushes carry the skewed time (the same id always maps to the same skewed id, so a
   * replay stays a replay).
   */
  const skewed = new Map<string, number>();
  {
    const n = options.clients;
    if (n >= 2) {
      skewed.set(`client${n >= 4 ? 2 : n - 2}`, -CLOCK_SKEW_MS);
      skewed.set(`client${n >= 4 ? 3 : n - 1}`, CLOCK_SKEW_MS);
    }
  }
  const clients = Array.from({ length: options.clients }, (_, i) => makeClient(i));
  const live = liveStream(server, () => tenant.users[0]!.token);
  for (const c of clients) {
    await c.engine.start({ leader: true, online: true });
    await c.engine.requestSync();
  }

  /** Conflicts are resolved field by field (keep the server's value or my own); refused rows are dropped. */
  const tidy = async (c: Client) => {
    for (const row of await listOutbox(c.replica)) {
      if (row.status === 'conflict' && row.serverDocument === null) {
        // The document is gone (deleted, or out of this user's scope): the screen offers only to drop the change.
        stats.conflictsGone++;
        refused.add(row.clientMutationId);
        await applyEvent(c.replica, row.clientMutationId, { type: 'discard' }, clock);
      } else if (row.status === 'conflict') {
        const server = (row.serverDocument ?? {}) as Record<string, unknown>;
        const chosen: Record<string, unknown> = {};
        for (const field of row.conflictFields ?? []) {
          if (JSON.stringify(row.args[field] ?? null) === JSON.stringify(row.baseValues?.[field] ?? null)) stats.conflictsOnUnchangedFields++;
          if (random() < 0.5) {
            stats.conflictsKeptServer++;
            chosen[field] = server[field];
          } else {
            stats.conflictsKeptOwn++;
            chosen[field] = row.args[field];
          }
        }
        refused.add(row.clientMutationId);
        const fresh = await resolveConflict(c.replica, row.clientMutationId, chosen, clock);
        const resolved = await c.replica.outbox.get(fresh);
        if (resolved) made.set(fresh, { client: c.replicaName, args: resolved.args });
      } else if (row.status === 'failed') {
        const reason = row.error ?? 'rejected';
        stats.rejected[reason] = (stats.rejected[reason] ?? 0) + 1;
        refused.add(row.clientMutationId);
        if (reason === WRITE_FAILED && !(typeof row.args.body === 'string' && row.args.body.startsWith(POISON_PREFIX))) {
          invariantFailures.push(`${c.name}: ${row.op} ${JSON.stringify(row.args)} failed after server errors without being a poison row (${JSON.stringify(row.errorParams)})`);
        }
        await applyEvent(c.replica, row.clientMutationId, { type: 'discard' }, clock);
      }
    }
  };

  const sync = async (c: Client) => {
    clock += 10 * 60_000;
    if (c.online) c.engine.setOnline(true);
    await c.engine.requestSync();
    // A storage error (quota while an answer was written) waits for the user's retry: press it.
    const status = c.engine.getStatus();
    if (status.state === 'error' && String(status.error).startsWith('storage_')) await c.engine.resume();
    await tidy(c);
    await checkReads(c);
  };

  const restartClient = async (c: Client) => {
    // Make sure something is queued, then let the worker die with its request on the wire.
    c.online = true;
    const known = await c.replica.docs('syncProbes').toCollection().primaryKeys();
    const id = uuid();
    await track(c.replica, 'probes.save', { uuid: id, body: `before restart ${c.name}`, title: 'r' }, undefined, clock);
    if (known[0]) await track(c.replica, 'probes.bump', { uuid: known[0], delta: 1 }, undefined, clock);
    const died = new Promise<void>((resolve, reject) => {
      c.dieOnPush = resolve;
      setTimeout(() => reject(new Error(`${c.name} never pushed`)), 120_000).unref();
    });
    clock += 10 * 60_000;
    c.engine.setOnline(true);
    void c.engine.requestSync();
    await died;
    const sending = await c.replica.outbox.where('status').equals('sending').count();
    stats.clientRestarts++;
    stats.rowsLeftSending += sending;
    // A new worker on the same IndexedDB database; the old one never wakes up again.
    stats.checksumRepairs += c.engine.checksumRepairs;
    stats.checkpointChecksumRepairs += c.engine.checkpointChecksumRepairs;
    c.replica = openReplica({ companyId: tenant.companyId, userId: c.userId, realUserId: c.userId, chain: [] }, c.replicaName);
    // The new worker is a new deploy: rows of probes.save queued before it carry the old input (`text`).
    if (!c.deployed) {
      stats.inputVersionChanges += await c.replica.outbox
        .filter((row) => row.op === 'probes.save' && (row.version ?? 1) < 2 && typeof row.args.body === 'string')
        .modify((row) => {
          const { body, ...rest } = row.args;
          row.args = { ...rest, text: body };
          row.version = 1;
        });
      c.deployed = true;
    }
    c.engine = engineFor(c);
    await c.engine.start({ leader: true, online: true });
    await c.engine.requestSync();
  };

  const moveOwner = async () => {
    const { rows } = await server.db.query<{ uuid: string; user_id: number }>(
      'SELECT uuid, user_id FROM sync_probes WHERE company_id = $1 AND deleted_at IS NULL ORDER BY id',
      [tenant.companyId],
    );
    if (rows.length === 0) return;
    const probe = rows[Math.floor(random() * rows.length)]!;
    const others = tenant.users.filter((u) => u.id !== Number(probe.user_id));
    const to = others[Math.floor(random() * others.length)]!;
    await server.db.query('UPDATE sync_probes SET user_id = $2 WHERE uuid = $1', [probe.uuid, to.id]);
    stats.scopeMoves++;
  };

  /** Rows that waited through a session expiry or an identity switch: each must reach the server in the end. */
  const waitedIds = new Set<string>();
  const waitingIds = async (c: Client) =>
    (await listOutbox(c.replica)).filter((r) => r.status === 'pending' || r.status === 'sending').map((r) => r.clientMutationId);
  const processedCount = async (ids: readonly string[], asUserId?: number) =>
    ids.length === 0
      ? 0
      : Number(
          (
            await server.db.query<{ n: number }>(
              'SELECT count(*)::int AS n FROM processed_mutations WHERE client_mutation_id::text = ANY($1::text[]) AND ($2::bigint IS NULL OR user_id = $2)',
              [[...ids], asUserId ?? null],
            )
          ).rows[0]?.n ?? 0,
        );

  /**
   * The session of a client's user ends mid-run (it expires on the server) while rows wait: the
   * engine stops (a blocking code), the rows stay. The same identity signs in again (a new session,
   * a new token for every device of that user), the shell resumes, and the rows go out.
   */
  const expireSession = async (c: Client) => {
    c.online = true;
    await enqueue(c.replica, 'probes.save', { uuid: uuid(), body: `before expiry ${c.name}`, title: 'e' }, undefined, clock);
    const user = tenant.users.find((u) => u.id === c.userId)!;
    await server.db.query(
      `UPDATE sessions SET expires_at = now() - interval '1 minute', max_expires_at = now() - interval '1 minute' WHERE id = $1`,
      [hashToken(user.token)],
    );
    const waiting = await waitingIds(c);
    clock += 10 * 60_000;
    c.engine.setOnline(true);
    await c.engine.requestSync();
    // The server may still know the session for a moment (its cache): whatever went out went as this identity.
    const state = c.engine.getStatus();
    const left = await waitingIds(c);
    if (state.state === 'blocked' && left.length === 0 && waiting.length > 0) throw new Error(`${c.name}: rows vanished while its session had expired`);
    for (const id of left) waitedIds.add(id);
    // Signed in again as the same identity: every device of the user gets the new session.
    const { token } = await createSession(server.db, { id: user.id, companyId: tenant.companyId }, { mfaValidated: true });
    user.token = token;
    for (const other of clients.filter((o) => o.userId === user.id)) {
      other.token = token;
      if (other.engine.getStatus().state === 'blocked') await other.engine.resume();
    }
    stats.sessionExpiries++;
  };

  /**
   * A client switches to another identity (another user signs in on the device) and back. The
   * other identity gets a replica and an outbox of its own (a client that stays in the run). While
   * it is active: the first identity's rows are pushed over the other's session on purpose and must
   * each be refused (identity_mismatch) with nothing written; a worker of the other identity on the
   * first identity's database pushes none of them. Back: they go out as the identity they were made under.
   */
  const switchIdentity = async (c: Client) => {
    const user = tenant.users.find((u) => u.id === c.userId)!;
    const others = tenant.users.filter((u) => u.id !== c.userId);
    const other = others[Math.floor(random() * others.length)]!;
    c.online = false;
    await enqueue(c.replica, 'probes.save', { uuid: uuid(), body: `before switch ${c.name}`, title: 's' }, undefined, clock);
    const rows = (await listOutbox(c.replica)).filter((r) => r.status === 'pending');
    // Over the other identity's session: every row refused, nothing written.
    const document = pushDocument(
      rows.slice(0, PUSH_BATCH_MAX).map((row) => ({
        mutation: findWrite(row.op)!.mutation,
        input: row.args,
        clientMutationId: row.clientMutationId,
        baseRevision: row.baseRevision,
        baseValues: row.baseValues,
        identity: row.identity ?? null,
      })),
    );
    const res = await server.fetch('http://werkpad.test/api/v2/graph', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${other.token}` },
      body: JSON.stringify(document),
    });
    const answers = ((await res.json()) as { data?: Record<string, { success: boolean; reason: string | null } | null> }).data ?? {};
    const ids = rows.slice(0, PUSH_BATCH_MAX).map((r) => r.clientMutationId);
    // A row whose earlier push committed but whose answer was lost is still pending here and already
    // processed as its own identity: only rows written as the other identity, or newly written, count.
    const processedBefore = await processedCount(ids);
    ids.forEach((id, i) => {
      const answer = answers[`r${i}`];
      if (answer?.reason === IDENTITY_MISMATCH) stats.foreignRowsRefused++;
      else foreignFailures.push(`${c.name}: row ${id} pushed over ${other.id}'s session answered ${JSON.stringify(answer)}`);
    });
    if ((await processedCount(ids)) > processedBefore || (await processedCount(ids, other.id)) > 0)
      foreignFailures.push(`${c.name}: rows pushed over another identity's session were written`);
    // A worker of the other identity on this database pushes none of them.
    const intruder = openReplica({ companyId: tenant.companyId, userId: other.id, realUserId: other.id, chain: [] }, c.replicaName);
    const outcome = await pushOutbox(intruder, createGraphTransport({ baseUrl: 'http://werkpad.test', headers: () => ({ authorization: `Bearer ${other.token}` }), fetchFn: (url, init) => server.fetch(urlOf(url), init) }), { now });
    intruder.dexie.close();
    if (outcome.kind !== 'idle') foreignFailures.push(`${c.name}: a worker of another identity found rows to push (${outcome.kind})`);
    const still = await waitingIds(c);
    for (const id of rows.map((r) => r.clientMutationId)) if (!still.includes(id)) foreignFailures.push(`${c.name}: row ${id} left the outbox during the switch`);
    // The other identity works on its own replica meanwhile.
    const as: Client = {
      name: `${c.name}~u${other.id}`,
      userId: other.id,
      role: other.role,
      token: other.token,
      replicaName: `${c.replicaName}-as-${other.id}`,
      replica: openReplica({ companyId: tenant.companyId, userId: other.id, realUserId: other.id, chain: [] }, `${c.replicaName}-as-${other.id}`),
      engine: null as unknown as SyncEngine,
      transport: null as unknown as GraphTransport,
      online: true,
      dieOnPush: null,
    };
    as.engine = engineFor(as);
    await as.engine.start({ leader: true, online: true });
    await as.engine.requestSync();
    await enqueue(as.replica, 'probes.save', { uuid: uuid(), body: `as ${other.id} on ${c.name}`, title: 'a' }, undefined, clock);
    await sync(as);
    clients.push(as);
    for (const id of still) waitedIds.add(id);
    // Back to the first identity (same user, same session).
    if (user.token !== c.token) c.token = user.token;
    c.online = true;
    stats.identitySwitches++;
  };
  const foreignFailures: string[] = [];

  /**
   * Silent corruption of a replica (issue 19): a synced document's revision changes or the document
   * disappears, as a half-written page or a browser that rolled IndexedDB back would leave it. Nothing
   * tells the engine; its replica checksums must find and repair it.
   */
  const corruptReplica = async (c: Client) => {
    const collection = random() < 0.5 ? 'syncProbes' : 'participants';
    const docs = (await c.replica.docs(collection).toArray()).filter((d) => !d._pending && typeof d.revision === 'number');
    if (docs.length === 0) return;
    const doc = docs[Math.floor(random() * docs.length)]!;
    if (random() < 0.5) {
      await c.replica.docs(collection).update(doc.uuid, { revision: Number(doc.revision) + 1000 });
      corruptedDocs.set(c.name, (corruptedDocs.get(c.name) ?? new Set()).add(doc.uuid));
    } else await c.replica.docs(collection).delete(doc.uuid);
    stats.replicaCorruptions++;
  };

  const coaches = tenant.users.filter((u) => u.role === 'coach');
  /**
   * A participant write: the administrator moves a participant to another coach (or edits it); a
   * coach edits phone or city of one in its caseload, perhaps while it is being moved away.
   */
  const participantWrite = async (c: Client, w: number): Promise<boolean> => {
    // A document the server took away while an edit of it waits shows only that edit (no id): not offered.
    const docs = (await c.replica.docs('participants').toArray()).filter((d) => typeof d.id === 'number');
    if (docs.length === 0) return false;
    const doc = docs[Math.floor(random() * docs.length)]!;
    const base = { uuid: String(doc.uuid), id: Number(doc.id) };
    const kind = random();
    if (c.role === 'admin' && kind < 0.6) {
      const others = coaches.filter((u) => u.id !== Number(doc.coachId));
      const to = others[Math.floor(random() * others.length)]!;
      await track(c.replica, 'participants.update', { ...base, coachId: to.id }, undefined, clock);
    } else {
      const edit = random();
      const input =
        edit < 0.4
          ? { ...base, phone: `06${String(w).padStart(8, '0')}` }
          : edit < 0.8
            ? { ...base, city: `Plaats ${w} ${c.name}` }
            : { ...base, phone: `06${String(w).padStart(8, '0')}`, city: `Plaats ${w} ${c.name}` };
      await track(c.replica, 'participants.update', input, undefined, clock);
    }
    return true;
  };

  const crashPoints = [Math.floor(writes * (0.2 + random() * 0.25)), Math.floor(writes * (0.5 + random() * 0.4))];
  const clientRestartAt = Math.floor(writes * (0.55 + random() * 0.3));
  const expiryAt = Math.floor(writes * (0.25 + random() * 0.3));
  const switchAt = Math.floor(writes * (0.35 + random() * 0.4));
  const listenDropAt = [Math.floor(writes * (0.1 + random() * 0.3)), Math.floor(writes * (0.6 + random() * 0.3))];
  const listenFailures: string[] = [];
  /** Kills the server's LISTEN connections with a live stream open; pokes must resume (the heal poke, then a new change). */
  const dropListen = async () => {
    await live.open();
    let mark = live.mark();
    let ended = await server.dropListens();
    if (ended === 0) {
      // The stream may be one a server SIGKILL ended without this side noticing yet: open a new one.
      live.close();
      await live.open();
      mark = live.mark();
      ended = await server.dropListens();
    }
    if (ended === 0) {
      listenFailures.push('no LISTEN connection to kill while a live stream was open');
      return;
    }
    stats.listenDrops++;
    if (!(await live.until(mark, (c) => c.length === COLLECTION_NAMES.length))) listenFailures.push('no poke of every collection after the LISTEN connection was killed');
    const next = live.mark();
    await server.db.query('SELECT pg_notify($1, $2)', ['werkpad_changes', JSON.stringify({ c: tenant.companyId, t: 'sync_probes' })]);
    if (!(await live.until(next, (c) => c.includes('syncProbes')))) listenFailures.push('pokes did not resume after the LISTEN connection was killed');
  };
  for (let w = 0; w < writes; w++) {
    const c = clients[Math.floor(random() * clients.length)]!;
    const known = await c.replica.docs('syncProbes').toCollection().primaryKeys();
    const roll = random();
    const pick = () => known[Math.floor(random() * known.length)]!;
    if (random() < 0.01) {
      // A poison row: its resolver throws on the server (tests/sync/fault-server.ts, installPoisonRows).
      await track(c.replica, 'probes.save', { uuid: uuid(), body: `${POISON_PREFIX}${w} by ${c.name}`, title: 'poison' }, undefined, clock);
      stats.poisonRows++;
    }
    if (random() < 0.1 && (await participantWrite(c, w))) {
      // a participant write instead of a probe write
    } else if (known.length === 0 || roll < 0.15) {
      await track(c.replica, 'probes.save', { uuid: uuid(), body: `made ${w} by ${c.name}`, title: `t${w}` }, undefined, clock);
    } else if (roll < 0.5) {
      await track(c.replica, 'probes.bump', { uuid: pick(), delta: 1 + Math.floor(random() * 9) }, undefined, clock);
    } else if (roll < 0.93) {
      const target = pick();
      const seen = await c.replica.docs('syncProbes').get(target);
      const kind = random();
      // body only; title (the body as seen, unchanged); or both fields
      const input =
        kind < 0.4
          ? { uuid: target, body: `body ${w} by ${c.name}` }
          : kind < 0.7
            ? { uuid: target, body: typeof seen?.body === 'string' ? seen.body : '', title: `title ${w} by ${c.name}` }
            : { uuid: target, body: `body ${w} by ${c.name}`, title: `title ${w} by ${c.name}` };
      await track(c.replica, 'probes.save', input, undefined, clock);
    } else {
      await track(c.replica, 'probes.remove', { uuid: pick() }, undefined, clock);
    }
    if (random() < 0.02) {
      c.online = !c.online;
      stats.offlineToggles++;
    }
    if (random() < 0.015) await moveOwner();
    if (random() < 0.01) await corruptReplica(c);
    if (crashPoints.includes(w)) crashArmed = true;
    if (w === clientRestartAt) await restartClient(clients[Math.floor(random() * clients.length)]!);
    if (listenDropAt.includes(w)) await dropListen();
    if (w === expiryAt) await expireSession(clients[Math.floor(random() * options.clients)]!);
    if (w === switchAt) await switchIdentity(clients[Math.floor(random() * options.clients)]!);
    if (random() < 0.1) await sync(clients[Math.floor(random() * clients.length)]!);
  }
  if (stats.scopeMoves === 0) await moveOwner();
  // A crash not yet triggered (no push went out after crashAt) happens on the next push.
  if (crashArmed) {
    const c = clients[0]!;
    c.online = true;
    const known = await c.replica.docs('syncProbes').toCollection().primaryKeys();
    if (known[0]) await track(c.replica, 'probes.bump', { uuid: known[0], delta: 1 }, undefined, clock);
    else await track(c.replica, 'probes.save', { uuid: uuid(), body: 'late', title: 'late' }, undefined, clock);
    await sync(c);
  }

  // At least one real conflict, whatever the timing did above (under load a run may have none): two
  // devices of one user change the body of a fresh note, one of them offline.
  if (clients.length >= 2) {
    const [a, b] = [clients[0]!, clients[1]!];
    const id = uuid();
    a.online = true;
    b.online = true;
    await track(a.replica, 'probes.save', { uuid: id, body: 'shared', title: 'shared' }, undefined, clock);
    for (let i = 0; i < 50 && (await a.replica.outbox.count()) > 0; i++) await sync(a);
    for (let i = 0; i < 50 && !(await b.replica.docs('syncProbes').get(id)); i++) await sync(b);
    a.online = false;
    await track(a.replica, 'probes.save', { uuid: id, body: `offline edit by ${a.name}` }, undefined, clock);
    await track(b.replica, 'probes.save', { uuid: id, body: `online edit by ${b.name}` }, undefined, clock);
    for (let i = 0; i < 50 && (await b.replica.outbox.count()) > 0; i++) await sync(b);
  }

  if (stats.poisonRows === 0) {
    await track(clients[0]!.replica, 'probes.save', { uuid: uuid(), body: `${POISON_PREFIX}late`, title: 'poison' }, undefined, clock);
    stats.poisonRows++;
  }

  // Heal: everyone online (the faults go on), drain until every outbox is empty.
  for (const c of clients) c.online = true;
  let settled = false;
  for (let round = 0; round < 300 && !settled; round++) {
    settled = true;
    for (const c of clients) {
      await sync(c);
      if ((await c.replica.outbox.count()) > 0) settled = false;
    }
  }
  // A last clean pull for everyone, after every push (and after the standby has replayed every write).
  if (server.replicaLag) ({ pausedMs: stats.replicaLagMs, rowsRead: stats.replicaRowsRead } = await server.replicaLag.stop());
  faults = false;
  for (const c of clients) {
    note(c.name, '*', `final pull: outbox ${await c.replica.outbox.count()}, state ${c.engine.getStatus().state}`);
    clock += 10 * 60_000;
    await c.engine.requestSync([...COLLECTIONS], { push: false });
  }
  // Then, with nothing changing on the server any more, one replica loses a synced document: its
  // engine's checksums must find and repair it (so at least one repair happens whatever the timing
  // did above, where a later pull or a checksum still stale may have hidden a corruption).
  const repairFailures: string[] = [];
  {
    const c = clients[0]!;
    const before = c.engine.checkpointChecksumRepairs;
    const collection = (await c.replica.docs('syncProbes').filter((d) => !d._pending && typeof d.revision === 'number').count()) > 0 ? 'syncProbes' : 'participants';
    const doc = await c.replica.docs(collection).filter((d) => !d._pending && typeof d.revision === 'number').first();
    if (!doc) repairFailures.push(`${c.name}: no synced document to corrupt at the end`);
    else {
      await c.replica.docs(collection).delete(doc.uuid);
      stats.replicaCorruptions++;
      clock += 10 * 60_000;
      await c.engine.requestSync([...COLLECTIONS], { push: false });
      // Issue 37: found by the checksum of the next pull's page, before the page was applied.
      if (c.engine.checkpointChecksumRepairs === before) repairFailures.push(`${c.name}: the next pull's checksum did not find ${collection} ${doc.uuid} deleted from the replica`);
    }
  }
  const failures: string[] = [...listenFailures, ...repairFailures];
  live.close();
  if (!settled) failures.push('outboxes did not drain in 300 rounds');
  for (const c of clients) {
    const state = c.engine.getStatus().state;
    if (state !== 'idle') failures.push(`${c.name} ended ${state}`);
    stats.checksumRepairs += c.engine.checksumRepairs;
    stats.checkpointChecksumRepairs += c.engine.checkpointChecksumRepairs;
    // Every replica's checksums equal the server's at the end.
    const checked = await compareChecksums(c.replica, c.transport, [...COLLECTIONS]);
    if (checked.kind !== 'compared' || checked.matched.length !== COLLECTIONS.length) {
      failures.push(`${c.name}: replica checksums do not equal the server's: ${JSON.stringify(checked)}`);
    }
    await c.engine.stop();
  }
  failures.push(...(await checkFaultRun(server, tenant.companyId, clients, sent, answered, stats, trace)));
  // No write the user made is lost: each is on the server with the user's last values, or was refused with a reason.
  const { rows: processedRows } = await server.db.query<{ id: string; success: boolean }>(
    `SELECT client_mutation_id::text AS id, (result->>'success')::boolean AS success FROM processed_mutations WHERE company_id = $1`,
    [tenant.companyId],
  );
  // By the ids' random bits: a fault may move the time inside an id on the wire (skewed clocks).
  const processedById = new Map(processedRows.map((r) => [idKey(r.id), r.success]));
  const sentById = new Map([...sent].map(([id, w]) => [idKey(id), w]));
  let lost = 0;
  for (const [id, w] of made) {
    if (processedById.get(idKey(id)) === true) {
      const wire = sentById.get(idKey(id));
      if (wire && canonicalJson(wire.input) !== canonicalJson(w.args)) {
        invariantFailures.push(`${id}: accepted with ${JSON.stringify(wire.input)}, the user's last values were ${JSON.stringify(w.args)} (an edit was lost)`);
      }
    } else if (!refused.has(id) && ++lost <= 5) {
      invariantFailures.push(`${id} (${w.client}): a write the user made (${JSON.stringify(w.args)}) is neither on the server nor refused with a reason`);
    }
  }
  if (lost > 5) invariantFailures.push(`... ${lost} writes lost in all`);
  failures.push(...invariantFailures);
  failures.push(...(await checkParticipants(server, tenant, clients, sent, answered, stats)));
  failures.push(...foreignFailures);
  // No row lost: every row that waited through an expiry or a switch reached the server (answered and
  // recorded), or was refused with a reason the user sees (a poison row's answer is never recorded).
  // By the ids' random bits, as above: a skewed client's ids carry another time on the wire.
  for (const id of waitedIds) {
    if (!processedById.has(idKey(id)) && !refused.has(id)) failures.push(`row ${id} waited through an expiry or identity switch and never reached the server`);
  }
  failures.push(...(await checkIdentities(server, tenant.companyId, sent)));
  for (const [reason] of Object.entries(stats.rejected)) {
    if (!EXPECTED_REJECTIONS.has(reason)) failures.push(`unexpected rejection reason ${reason} (${stats.rejected[reason]}x)`);
  }
  for (const key of INJECTED) if (!((stats[key] as number) > 0)) failures.push(`fault ${key} never happened`);
  if (stats.conflictsKeptServer + stats.conflictsKeptOwn === 0) failures.push('no conflict happened');
  if (stats.replicaRowsRead === 0) failures.push('the standby served no pull (replicaRowsRead 0): the run did not test reads from it');
  if (stats.conflictsOnUnchangedFields > 0) failures.push(`${stats.conflictsOnUnchangedFields} conflicts named a field the client did not change`);
  for (const c of clients) c.replica.dexie.close();
  return { seed, database: server.database, stats, failures, ms: Date.now() - started };
}

/**
 * None accepted under another identity: every accepted write's audit row names, as actor and chain,
 * the identity its row was made under (as it went over the wire), and every accepted row carried one.
 */
async function checkIdentities(server: FaultServer, companyId: number, sent: ReadonlyMap<string, Sent>): Promise<string[]> {
  const failures: string[] = [];
  const { rows } = await server.db.query<{ id: string; user_id: number; chain: unknown }>(
    `SELECT details->>'clientMutationId' AS id, user_id, chain FROM audit_log
      WHERE company_id = $1 AND action LIKE 'write.%' AND result = 'success'`,
    [companyId],
  );
  for (const row of rows) {
    const made = parseRowIdentity(sent.get(row.id)?.identity);
    if (!made) {
      failures.push(`${row.id}: accepted without the identity it was made under`);
      continue;
    }
    const chain = (typeof row.chain === 'string' ? (JSON.parse(row.chain) as unknown[]) : ((row.chain as unknown[]) ?? [])).map(Number);
    const expected = [made.realUserId, ...made.chain];
    if (Number(row.user_id) !== made.realUserId || JSON.stringify(chain) !== JSON.stringify(expected)) {
      failures.push(`${row.id}: accepted as user ${row.user_id} chain ${JSON.stringify(chain)}, made under ${JSON.stringify(expected)}`);
    }
  }
  return failures;
}

async function checkFaultRun(
  server: FaultServer,
  companyId: number,
  clients: readonly Client[],
  sent: ReadonlyMap<string, Sent>,
  answered: ReadonlyMap<string, { success: boolean; reason: string | null }>,
  stats: FaultStats,
  trace: ReadonlyMap<string, string[]>,
): Promise<string[]> {
  const failures: string[] = [];
  const db = server.db;
  // Exactly once: one processed row per client mutation id; what a client heard is what the server stored.
  const ids = await db.query<{ n: number; d: number }>(
    'SELECT count(*)::int AS n, count(DISTINCT client_mutation_id)::int AS d FROM processed_mutations WHERE company_id = $1',
    [companyId],
  );
  if (ids.rows[0]!.n !== ids.rows[0]!.d) failures.push(`processed_mutations ids not unique: ${ids.rows[0]!.n} rows, ${ids.rows[0]!.d} ids`);
  const processed = await db.query<{ id: string; operation: string; success: boolean | null; reason: string | null; revision: string | null }>(
    `SELECT client_mutation_id::text AS id, operation, (result->>'success')::boolean AS success, result->>'reason' AS reason,
            result->>'revision' AS revision
       FROM processed_mutations WHERE company_id = $1`,
    [companyId],
  );
  const accepted = new Map<string, Sent>();
  for (const p of processed.rows) {
    const heard = answered.get(p.id);
    if (heard && heard.success !== p.success) failures.push(`${p.id}: the client heard success=${heard.success}, the server stored ${p.success}`);
    if (!p.success) continue;
    const what = sent.get(p.id);
    if (!what) failures.push(`${p.id}: accepted ${p.operation} that no client sent`);
    else accepted.set(p.id, what);
  }
  for (const [id, heard] of answered) {
    if (heard.success && !processed.rows.some((p) => p.id === id)) failures.push(`${id}: heard accepted, not on the server`);
  }

  const { rows: probeRows } = await db.query<ProbeRow>(
    `SELECT uuid::text AS uuid, user_id, body, title, counter, revision, deleted_at IS NOT NULL AS deleted
       FROM sync_probes WHERE company_id = $1`,
    [companyId],
  );
  const probes = new Map(probeRows.map((r) => [r.uuid, r]));

  // Counters: the sum of the accepted bumps, each once.
  const expectedCounter = new Map<string, number>();
  for (const w of accepted.values()) {
    if (w.mutation !== 'bumpSyncProbe') continue;
    stats.accepted.bumps++;
    const u = String(w.input.uuid);
    expectedCounter.set(u, (expectedCounter.get(u) ?? 0) + Number(w.input.delta));
  }
  for (const [u, probe] of probes) {
    const want = expectedCounter.get(u) ?? 0;
    if (Number(probe.counter) !== want) failures.push(`counter of ${u}: ${probe.counter}, accepted bumps sum to ${want}`);
  }
  for (const u of expectedCounter.keys()) if (!probes.has(u)) failures.push(`bumped ${u} is not on the server`);

  // Fields: the last accepted edit of each field, in the order the server applied them (the audit
  // row is written under the document's row lock, so its id orders the writes of one document).
  const { rows: order } = await db.query<{ cmid: string }>(
    `SELECT a.details->>'clientMutationId' AS cmid FROM audit_log a
      WHERE a.company_id = $1 AND a.action IN ('write.saveSyncProbe', 'write.deleteSyncProbe') AND a.details->>'success' = 'true'
      ORDER BY a.id`,
    [companyId],
  );
  const audited = new Set<string>();
  const expected = new Map<string, { body: string; title: string; deleted: boolean }>();
  const revisionOf = new Map(processed.rows.map((p) => [p.id, p.revision]));
  const history = new Map<string, string[]>();
  for (const { cmid: id } of order) {
    if (audited.has(id)) failures.push(`${id} applied twice (audit)`);
    audited.add(id);
    const w = accepted.get(id);
    if (!w) {
      failures.push(`${id} audited as accepted but not accepted in processed_mutations`);
      continue;
    }
    const u = String(w.input.uuid);
    const doc = expected.get(u);
    const h = history.get(u) ?? [];
    h.push(`${w.mutation} ${JSON.stringify(w.input)} base r${String(w.baseRevision)} ${JSON.stringify(w.baseValues)} -> r${revisionOf.get(id)}`);
    history.set(u, h);
    if (w.mutation === 'deleteSyncProbe') {
      stats.accepted.deletes++;
      if (!doc) failures.push(`${id}: delete of ${u} before its creation`);
      else doc.deleted = true;
    } else if (!doc) {
      stats.accepted.creates++;
      expected.set(u, { body: String(w.input.body), title: typeof w.input.title === 'string' ? w.input.title : '', deleted: false });
    } else {
      // An edit sets the fields it changed; a field sent as the client saw it (equal to its base
      // value) is no edit: a concurrent server change of it stays (per-field merge).
      stats.accepted.edits++;
      const base = w.baseValues && typeof w.baseValues === 'object' ? (w.baseValues as Record<string, unknown>) : null;
      const edits = (field: 'body' | 'title') =>
        typeof w.input[field] === 'string' && (!base || !Object.hasOwn(base, field) || base[field] !== w.input[field]);
      if (edits('body')) doc.body = String(w.input.body);
      if (edits('title')) doc.title = String(w.input.title);
      doc.deleted = false;
    }
  }
  for (const [id, w] of accepted) {
    if ((w.mutation === 'saveSyncProbe' || w.mutation === 'deleteSyncProbe') && !audited.has(id)) failures.push(`${id}: accepted ${w.mutation} without its audit row`);
  }
  for (const [u, want] of expected) {
    const got = probes.get(u);
    if (!got) failures.push(`created ${u} is not on the server`);
    else if (got.body !== want.body || got.title !== want.title || got.deleted !== want.deleted) {
      failures.push(`${u}: server has ${JSON.stringify({ body: got.body, title: got.title, deleted: got.deleted })}, last accepted edits ${JSON.stringify(want)}; last writes: ${(history.get(u) ?? []).slice(-4).join(' | ')}`);
    }
  }
  for (const u of probes.keys()) if (!expected.has(u)) failures.push(`${u} is on the server without an accepted create`);

  // Every replica equals the server's view of its scope: the user's live probes.
  for (const c of clients) {
    const left = await c.replica.outbox.count();
    if (left > 0) failures.push(`${c.name}: ${left} outbox rows left`);
    const local = (await c.replica.docs('syncProbes').toArray())
      .map((d) => ({ uuid: d.uuid, body: d.body, title: d.title, counter: d.counter, revision: d.revision, pending: d._pending ?? false }))
      .sort((a, b) => (a.uuid < b.uuid ? -1 : 1));
    const remote = probeRows
      .filter((r) => Number(r.user_id) === c.userId && !r.deleted)
      .map((r) => ({ uuid: r.uuid, body: r.body, title: r.title, counter: Number(r.counter), revision: Number(r.revision), pending: false }))
      .sort((a, b) => (a.uuid < b.uuid ? -1 : 1));
    if (JSON.stringify(local) !== JSON.stringify(remote)) {
      const remoteBy = new Map(remote.map((r) => [r.uuid, JSON.stringify(r)]));
      const localBy = new Map(local.map((r) => [r.uuid, JSON.stringify(r)]));
      const diffs = [...new Set([...remoteBy.keys(), ...localBy.keys()])]
        .filter((u) => remoteBy.get(u) !== localBy.get(u))
        .slice(0, 3)
        .map((u) => `local ${localBy.get(u) ?? 'none'} / server ${remoteBy.get(u) ?? 'none'}`);
      const first = [...new Set([...remoteBy.keys(), ...localBy.keys()])].find((u) => remoteBy.get(u) !== localBy.get(u));
      const checkpoint = await c.replica.checkpoints.get('syncProbes');
      const { rows: seqRows } = await db.query<{ change_seq: string; user_id: string }>('SELECT change_seq::text, user_id::text FROM sync_probes WHERE uuid = $1', [first]);
      const detail = [
        `first differing ${first}: server change_seq ${seqRows[0]?.change_seq} owner ${seqRows[0]?.user_id}; ${c.name} (user ${c.userId}) checkpoint ${checkpoint?.seq}`,
        ...(trace.get(`${c.name} ${first}`) ?? []).slice(-12),
        'all pushes of it:',
        ...(trace.get(`all ${first}`) ?? []).slice(-6),
        'last requests:',
        ...(trace.get(`${c.name} *`) ?? []).slice(-24),
      ];
      failures.push(`${c.name}: replica differs from the server's view (${local.length} vs ${remote.length} documents): ${diffs.join('; ')}\n  ${detail.join('\n  ')}`);
    }
  }
  return failures;
}

/**
 * Participants: every field holds its last accepted edit (replayed in the order the server applied
 * them, as for the probes) and every replica holds exactly the participants of its user's scope:
 * the administrator every participant of the company; a coach those whose coach or manager they
 * are (visible ones), so a participant moved away has left the old coach's replica and arrived in
 * the new one's.
 */
async function checkParticipants(
  server: FaultServer,
  tenant: FaultTenant,
  clients: readonly Client[],
  sent: ReadonlyMap<string, Sent>,
  answered: ReadonlyMap<string, { success: boolean; reason: string | null }>,
  stats: FaultStats,
): Promise<string[]> {
  const failures: string[] = [];
  const db = server.db;
  const { rows } = await db.query<ParticipantRow>(
    `SELECT uuid::text AS uuid, coach_id, manager_id, phone, city, display, revision, deleted_at IS NOT NULL AS deleted
       FROM participants WHERE company_id = $1`,
    [tenant.companyId],
  );
  const { rows: order } = await db.query<{ cmid: string }>(
    `SELECT details->>'clientMutationId' AS cmid FROM audit_log
      WHERE company_id = $1 AND action = 'write.updateParticipant' AND details->>'success' = 'true' ORDER BY id`,
    [tenant.companyId],
  );
  // The participants as made (tests/sync/fault-server.ts), then every accepted edit in apply order.
  const expected = new Map(
    tenant.participants.map((p) => [p.uuid, { coachId: p.coachId, phone: '0600000000', city: 'Utrecht' }]),
  );
  const seen = new Set<string>();
  for (const { cmid } of order) {
    const heard = answered.get(cmid);
    if (heard && !heard.success) failures.push(`${cmid}: the client heard a refusal, the server audited success`);
    if (seen.has(cmid)) failures.push(`${cmid} applied twice (audit)`);
    seen.add(cmid);
    const w = sent.get(cmid);
    if (!w) {
      failures.push(`${cmid}: accepted updateParticipant that no client sent`);
      continue;
    }
    stats.accepted.participantEdits++;
    const doc = expected.get(String(w.input.uuid));
    if (!doc) {
      failures.push(`${cmid}: edit of unknown participant ${String(w.input.uuid)}`);
      continue;
    }
    const base = w.baseValues && typeof w.baseValues === 'object' ? (w.baseValues as Record<string, unknown>) : null;
    const edits = (field: string) => Object.hasOwn(w.input, field) && (!base || !Object.hasOwn(base, field) || base[field] !== w.input[field]);
    if (edits('coachId')) {
      const to = Number(w.input.coachId);
      if (to !== doc.coachId) stats.participantMoves++;
      doc.coachId = to;
    }
    if (edits('phone')) doc.phone = String(w.input.phone);
    if (edits('city')) doc.city = String(w.input.city);
  }
  for (const [id, heard] of answered) {
    if (heard.success && sent.get(id)?.mutation === 'updateParticipant' && !seen.has(id)) failures.push(`${id}: heard accepted, no audit row`);
  }
  const byUuid = new Map(rows.map((r) => [r.uuid, r]));
  for (const [u, want] of expected) {
    const got = byUuid.get(u);
    if (!got) failures.push(`participant ${u} is not on the server`);
    else if (Number(got.coach_id) !== want.coachId || got.phone !== want.phone || got.city !== want.city) {
      failures.push(`participant ${u}: server has ${JSON.stringify({ coachId: Number(got.coach_id), phone: got.phone, city: got.city })}, last accepted edits ${JSON.stringify(want)}`);
    }
  }
  for (const c of clients) {
    const inScope = (r: ParticipantRow) =>
      !r.deleted && (c.role === 'admin' || ((Number(r.coach_id) === c.userId || Number(r.manager_id) === c.userId) && Number(r.display) === 1));
    const remote = rows
      .filter(inScope)
      .map((r) => ({ uuid: r.uuid, coachId: Number(r.coach_id), phone: r.phone, city: r.city, revision: Number(r.revision), pending: false }))
      .sort((a, b) => (a.uuid < b.uuid ? -1 : 1));
    const local = (await c.replica.docs('participants').toArray())
      .map((d) => ({ uuid: d.uuid, coachId: Number(d.coachId), phone: d.phone, city: d.city, revision: d.revision, pending: d._pending ?? false }))
      .sort((a, b) => (a.uuid < b.uuid ? -1 : 1));
    if (JSON.stringify(local) !== JSON.stringify(remote)) {
      failures.push(`${c.name} (${c.role}): participants in the replica ${JSON.stringify(local)} differ from the server's view of its scope ${JSON.stringify(remote)}`);
    }
  }
  return failures;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** How far the skewed clients' clocks are off (issue 19: ±40 days). */
const CLOCK_SKEW_MS = 40 * DAY_MS;
/** An id whose time is this far from the test's clock was made by a skewed client. */
const SKEW_SEEN_MS = 30 * DAY_MS;

/** The same UUID v7 with its time moved by `skew` ms (what a device whose clock is that far off makes). */
function skewedId(id: string, skew: number): string {
  const hex = (uuidv7Time(id) + skew).toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}${id.slice(13)}`;
}

/**
 * The administrator's live stream (GET /api/v2/stream), opened again when it ended (a SIGKILL of the
 * server ends it): `until` waits (real time, at most 30 s) for a poke after `mark` that satisfies `check`.
 */
/** `token`: read at every (re)open, so a session that expired and was signed in again (expireSession) opens with its new token. */
function liveStream(server: FaultServer, token: () => string) {
  let text = '';
  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  let isOpen = false;
  const decoder = new TextDecoder();
  const pokesAfter = (at: number): string[][] =>
    text
      .slice(at)
      .split('\n\n')
      .filter((e) => e.includes('event: poke'))
      .map((e) => {
        const data = /data: (.*)/.exec(e)?.[1];
        try {
          return (JSON.parse(data ?? '{}') as { collections?: string[] }).collections ?? [];
        } catch {
          return [];
        }
      });
  const wait = async (ok: () => boolean): Promise<boolean> => {
    const deadline = Date.now() + 30_000;
    while (!ok()) {
      if (Date.now() > deadline) return false;
      await new Promise((r) => setTimeout(r, 20));
    }
    return true;
  };
  return {
    async open() {
      if (isOpen) return;
      const res = await server.fetch('http://werkpad.test/api/v2/stream', { headers: { authorization: `Bearer ${token()}` } });
      if (!res.ok || !res.body) throw new Error(`live stream answered ${res.status}`);
      text = '';
      isOpen = true;
      const r = res.body.getReader();
      reader = r;
      void (async () => {
        try {
          for (;;) {
            const { value, done } = await r.read();
            if (done) break;
            text += decoder.decode(value, { stream: true });
          }
        } catch {
          // the server went away
        }
        if (reader === r) isOpen = false;
      })();
      if (!(await wait(() => text.includes('event: ready')))) throw new Error('live stream never became ready');
    },
    mark: () => text.length,
    until: (at: number, check: (collections: string[]) => boolean) => wait(() => pokesAfter(at).some(check)),
    close() {
      void reader?.cancel().catch(() => undefined);
      reader = null;
      isOpen = false;
    },
  };
}

export function formatStats(run: FaultRun): string {
  const s = run.stats;
  return (
    `${run.database} seed ${run.seed}: ${(run.ms / 1000).toFixed(1)} s; requests ${s.requests}; injected: dropped ${s.dropped}, ` +
    `lost answers ${s.lostAnswers}, duplicates ${s.duplicated}, server SIGKILLs ${s.serverCrashes} ` +
    `(mid-push ${s.crashesMidPush}, of which after part of the push committed ${s.crashesAfterCommits}), client restarts ${s.clientRestarts} (rows left sending ${s.rowsLeftSending}), ` +
    `participant moves ${s.participantMoves}, probe owner moves ${s.scopeMoves}, offline toggles ${s.offlineToggles}, LISTEN kills ${s.listenDrops}, rows from skewed clocks ${s.clockSkews}, replica corruptions ${s.replicaCorruptions} (checksum repairs ${s.checksumRepairs}, at a checkpoint ${s.checkpointChecksumRepairs}); ` +
    `edits during push ${s.editsDuringPush}, discards during push ${s.discardsDuringPush} (refused), quota errors ${s.quotaErrors}, poison rows ${s.poisonRows}, rows from before a deploy ${s.inputVersionChanges}; conflicts kept server ${s.conflictsKeptServer} / own ${s.conflictsKeptOwn} / gone ${s.conflictsGone} (on unchanged fields ${s.conflictsOnUnchangedFields}); ` +
    `rejected ${JSON.stringify(s.rejected)}; accepted ${JSON.stringify(s.accepted)}` +
    (s.replicaLagMs !== undefined ? `; replicaLagMs ${s.replicaLagMs} (rows read on the standby ${s.replicaRowsRead ?? 0})` : '')
  );
}
