import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app';
import { configureAuth, type AuthSettings } from '../auth/settings';
import type { Config } from '../config';
import { auditRows, createAuthTestApp, rest, signIn, TEST_PASSWORD, type AuthTestApp } from '../test/auth';
import { fastPathCount } from './fast-path';
import { seedDemoIfEmpty } from '../db/seed';

/**
 * Issue 25: the fast path for the pulls and the unread badge answers every request with the same
 * status, headers and bytes as yoga does for it (one app with the fast path, one without, on the same
 * database), and does the same besides (the audit of participant reads). Runs on PGlite and PostgreSQL.
 */

/** The sync worker's batched pull (tests/bench/server-load.ts, workers/pull/pull.ts have this shape). */
const PULL = `query Pull($cp0: PullCheckpointInput!, $cp1: PullCheckpointInput!, $limit: Int) {
  pullMessages(checkpoint: $cp0, limit: $limit) { documents checkpoint { seq scopeKey } reset hasMore }
  pullParticipants(checkpoint: $cp1, limit: $limit) { documents checkpoint { seq scopeKey } reset hasMore }
}`;
/** The worker's own text (with maxBytes). */
const WORKER_PULL = `query Pull($cp0: PullCheckpointInput!, $limit: Int, $maxBytes: Int) {\npullParticipants(checkpoint: $cp0, limit: $limit, maxBytes: $maxBytes) { documents checkpoint { seq scopeKey } reset hasMore }\n}`;
const UNREAD = `query Unread { messages(tab: inbox, read: false, perPage: 1) { totalItems } }`;
/** A text whose row cost depends on a variable: over the budget with perPage 0 (every row), under it with 1. */
const MANY = `query Many($n: Int) { ${Array.from({ length: 25 }, (_, i) => `m${i}: messages(tab: inbox, perPage: $n) { records { id } }`).join(' ')} }`;

interface Answer {
  status: number;
  headers: [string, string][];
  body: string;
}

async function send(app: Hono, body: unknown, headers: Record<string, string>): Promise<Answer> {
  const res = await app.request('/api/v2/graph', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: [...res.headers.entries()].sort(([a], [b]) => a.localeCompare(b)), body: text };
}

describe('the graph fast path answers as yoga does (issue 25)', () => {
  let t: AuthTestApp;
  let yogaOnly: Hono;
  let yogaConfig: Config;
  /** The auth settings of both apps (each app's are kept by its config). */
  const configure = (settings: Partial<AuthSettings>) => {
    t.configure(settings);
    configureAuth(yogaConfig, settings);
  };

  beforeAll(async () => {
    // The demo organisations: the demo coach has a caseload and messages to pull.
    t = await createAuthTestApp({ WERKPAD_DEV_TOOLS: '', WERKPAD_GRAPH_DEV: '0' }, {}, seedDemoIfEmpty);
    expect(t.config.graphDevTools).toBe(false);
    yogaConfig = { ...t.config, graphFastPath: false };
    configureAuth(yogaConfig, { now: () => t.clock.now });
    yogaOnly = createApp({ db: t.db, config: yogaConfig });
  });
  afterAll(async () => {
    await t.db.close();
  });

  /** The same request to both apps (yoga's first), compared; answers whether the fast path answered it. */
  async function same(body: unknown, headers: Record<string, string>): Promise<{ answer: Answer; fast: boolean }> {
    // A text is remembered once yoga has run it: let the fast app see it first.
    const before = fastPathCount.answered;
    // A pull's checkpoint carries the time it was signed: the same clock reading for both answers.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      const fastAnswer = await send(t.app, body, headers);
      const fast = fastPathCount.answered > before;
      const yogaAnswer = await send(yogaOnly, body, headers);
      expect(fastAnswer).toEqual(yogaAnswer);
      return { answer: fastAnswer, fast };
    } finally {
      vi.useRealTimers();
    }
  }

  const auth = (token: string) => ({ authorization: `Bearer ${token}`, 'x-forwarded-for': '10.9.0.1' });
  const zero = { seq: 0, scopeKey: null };

  it('answers the pull and the badge in the same bytes, for several shapes of variables', async () => {
    const token = await signIn(t.app, 'coach', TEST_PASSWORD, '10.9.0.1');
    // The first request of a text goes through yoga, which remembers it.
    expect((await same({ query: PULL, variables: { cp0: zero, cp1: zero, limit: 500 } }, auth(token))).fast).toBe(false);
    const first = await same({ query: PULL, variables: { cp0: zero, cp1: zero, limit: 500 } }, auth(token));
    expect(first.fast).toBe(true);
    expect(first.answer.status).toBe(200);
    const page = JSON.parse(first.answer.body) as { data: { pullParticipants: { documents: unknown[]; checkpoint: { seq: number; scopeKey: string } } } };
    expect(page.data.pullParticipants.documents.length).toBeGreaterThan(0);
    const cp = page.data.pullParticipants.checkpoint;
    for (const variables of [
      { cp0: zero, cp1: cp },
      { cp0: zero, cp1: cp, limit: null },
      { cp0: { seq: 0 }, cp1: { ...cp }, limit: 1 },
    ]) {
      expect((await same({ query: PULL, variables }, auth(token))).fast).toBe(true);
    }
    expect((await same({ query: PULL, variables: { cp0: zero, cp1: zero, limit: 1 }, operationName: 'Pull' }, { ...auth(token), accept: 'application/json' })).fast).toBe(true);
    await same({ query: WORKER_PULL, variables: { cp0: zero, limit: 2, maxBytes: 1000 } }, auth(token));
    expect((await same({ query: WORKER_PULL, variables: { cp0: zero, limit: 2, maxBytes: 1000 } }, auth(token))).fast).toBe(true);
    await same({ query: UNREAD, variables: {} }, auth(token));
    const badge = await same({ query: UNREAD, variables: {} }, auth(token));
    expect(badge.fast).toBe(true);
    expect(JSON.parse(badge.answer.body)).toEqual({ data: { messages: { totalItems: expect.any(Number) as unknown } } });
    expect((await same({ query: UNREAD }, auth(token))).fast).toBe(true);
  });

  it('answers refusals in the same bytes: a bad variable, a cost over the budget, no session, an expired and a revoked one', async () => {
    const token = await signIn(t.app, 'coach', TEST_PASSWORD, '10.9.0.1');
    await same({ query: PULL, variables: { cp0: zero, cp1: zero } }, auth(token));
    // A variable of the wrong type, a missing one, a checkpoint that is not the server's.
    for (const variables of [{ cp0: { seq: 'x' }, cp1: zero }, { cp0: zero }, { cp0: zero, cp1: zero, limit: 'many' }]) {
      const { answer, fast } = await same({ query: PULL, variables }, auth(token));
      expect(fast).toBe(true);
      expect(answer.body).toContain('"errors"');
    }
    // A checkpoint that is not the server's starts the collection over.
    const forged = await same({ query: PULL, variables: { cp0: zero, cp1: { seq: 5, scopeKey: 'forged' } } }, auth(token));
    expect(forged.fast).toBe(true);
    expect(forged.answer.body).toContain('"reset":true');
    // The row cost reads $n: over the budget with 0, under it with 1.
    await same({ query: MANY, variables: { n: 1 } }, auth(token));
    const tooMuch = await same({ query: MANY, variables: { n: 0 } }, auth(token));
    expect(tooMuch.fast).toBe(true);
    expect(tooMuch.answer.body).toContain('QUERY_TOO_EXPENSIVE');
    // No session at all.
    const anonymous = await same({ query: UNREAD, variables: {} }, { 'x-forwarded-for': '10.9.0.1' });
    expect(anonymous.answer.body).toContain('no_current_user');
    // An expired session.
    const ttl = 60 * 60_000;
    configure({ sessionTtlMs: ttl });
    const expiring = await signIn(t.app, 'coach', TEST_PASSWORD, '10.9.0.1');
    t.clock.advance(ttl + 1000);
    const expired = await same({ query: PULL, variables: { cp0: zero, cp1: zero } }, auth(expiring));
    expect(expired.answer.body).toContain('token_expired');
    configure({ sessionTtlMs: 8 * 60 * 60_000 });
    // A revoked session.
    const revoking = await signIn(t.app, 'coach', TEST_PASSWORD, '10.9.0.1');
    expect((await rest(t.app, '/api/oauth/logout', { method: 'POST', token: revoking })).status).toBe(200);
    const revoked = await same({ query: UNREAD, variables: {} }, auth(revoking));
    expect(revoked.answer.body).toContain('access_denied');
  });

  it('leaves to yoga what it does not know: other Accept, extra parameters, a NUL, another operation name, broken JSON', async () => {
    const token = await signIn(t.app, 'coach', TEST_PASSWORD, '10.9.0.1');
    await same({ query: UNREAD, variables: {} }, auth(token));
    const cases: [unknown, Record<string, string>][] = [
      [{ query: UNREAD, variables: {} }, { ...auth(token), accept: 'application/graphql-response+json' }],
      [{ query: UNREAD, variables: {}, extra: 1 }, auth(token)],
      [{ query: UNREAD, variables: { x: 'a\u0000b' } }, auth(token)],
      [{ query: UNREAD, variables: {}, operationName: 'Other' }, auth(token)],
      [{ query: UNREAD, variables: [] }, auth(token)],
      ['{"query": "query Unread', auth(token)],
      ['null', auth(token)],
    ];
    for (const [body, headers] of cases) {
      const { answer, fast } = await same(body, headers);
      expect(fast, JSON.stringify(body)).toBe(false);
      expect(answer.body.length).toBeGreaterThan(0);
    }
  });

  it('writes the audit row of the participants a pull read, as yoga does', async () => {
    const token = await signIn(t.app, 'coach', TEST_PASSWORD, '10.9.0.1');
    await same({ query: PULL, variables: { cp0: zero, cp1: zero } }, auth(token));
    const before = (await auditRows(t.db, 'participant.list_read')).length;
    const { fast } = await same({ query: PULL, variables: { cp0: zero, cp1: zero } }, auth(token));
    expect(fast).toBe(true);
    const rows = await auditRows(t.db, 'participant.list_read');
    expect(rows.length).toBe(before + 2);
    expect(rows.at(-2)!.details).toEqual(rows.at(-1)!.details);
    expect(rows.at(-2)!.ip).toBe(rows.at(-1)!.ip);
  });
});
