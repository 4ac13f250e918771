import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as v from 'valibot';
import { createDemoApp, type DemoApp } from '../graph/testing/demo-app';
import { setErrorReporter } from '../sentry';
import { restRoutes } from './route-rules';

/**
 * Issue 38: every REST route the app mounts (Hono's `app.routes`), as a signed-in administrator and as
 * anonymous, gets hostile bodies built from its declared valibot schema (server/http/route-rules.ts; a generic
 * skeleton where none is declared): one field at a time set to a wrong type, 1e308, 99999999999999999999 and -0
 * as bare numbers, NaN and Infinity as text, an overlong string, control characters and CR/LF, and whole bodies
 * with prototype keys, deep nesting, nothing, or broken JSON; path parameters get the same treatment.
 * Asserted: no 500, no database text, and a refused write leaves the database as it was (row count and a hash
 * of every row of the tables a route can write). Deterministic (seeded); prints its counts.
 */
process.env.TRUST_PROXY = '1';
const BODIES_PER_ACTOR = 12;
const DATABASE_TEXT = /relation "|column "|syntax error at or near|invalid input syntax|violates|duplicate key|out of range for type|value too long for type|SQLSTATE|pg_catalog|invalid byte sequence/i;
/** Tables REST routes write: a refused request must leave each one's rows as they were. */
const WATCHED = ['participants', 'users', 'dashboards', 'widgets', 'transfer_jobs', 'transfer_runs', 'files', 'messages', 'work_plans', 'push_subscriptions', 'devices', 'companies', 'projects', 'invitations'];

let t: DemoApp;
let admin: string;
const reported: unknown[] = [];
beforeAll(async () => {
  t = await createDemoApp();
  admin = await t.tokenOf('admin');
  setErrorReporter((e) => reported.push(e));
}, 900_000);
afterAll(async () => {
  setErrorReporter(null);
  await t.db.close();
});

function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

type Schema = v.GenericSchema & { entries?: Record<string, Schema>; wrapped?: Schema; options?: readonly unknown[]; item?: Schema; literal?: unknown };

/** A plausible value for a valibot schema (the body a form would send), so one hostile field at a time reaches the checks. */
function sample(schema: Schema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return null;
  switch (schema.type) {
    case 'object':
    case 'strict_object':
    case 'loose_object':
      return Object.fromEntries(Object.entries(schema.entries ?? {}).map(([k, s]) => [k, sample(s, depth + 1)]));
    case 'optional':
    case 'nullable':
    case 'nullish':
    case 'exact_optional':
      return sample(schema.wrapped, depth + 1);
    case 'string':
      return 'a';
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'picklist':
      return schema.options?.[0] ?? null;
    case 'literal':
      return schema.literal;
    case 'array':
      return [sample(schema.item, depth + 1)];
    case 'union':
    case 'variant':
      return sample(schema.options?.[0] as Schema | undefined, depth + 1);
    default:
      return null;
  }
}

/** Placeholders replaced in the JSON text by what JSON.stringify cannot write. */
const RAW: Record<string, string> = { '"\u0001HUGE"': '99999999999999999999', '"\u0001BIG"': '1e308', '"\u0001NEGZERO"': '-0', '"\u0001MINBIG"': '-1e308' };
const HOSTILE: unknown[] = [
  '\u0001HUGE', '\u0001BIG', '\u0001NEGZERO', '\u0001MINBIG', 'NaN', 'Infinity', '-0', '99999999999999999999', 'x'.repeat(200_000),
  'a\r\nX-Injected: 1', 'a\u0000b', '\u001b[31m', '2026-13-45', 'abc', true, {}, [], null, { __proto__: { admin: true } }, [[[[[1]]]]],
];
const deep = (n: number): string => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
const WHOLE: string[] = [
  '', '{', '{"a":', 'null', '[]', '"x"', '12', deep(2000), '['.repeat(5000) + ']'.repeat(5000),
  '{"__proto__":{"isAdmin":true,"roleId":1},"constructor":{"prototype":{"isAdmin":true}},"prototype":{"x":1}}',
];
const PARAMS = ['0', '-1', '99999999999999999999', '1e308', '-0', 'NaN', '__proto__', 'constructor', 'prototype', 'x'.repeat(3000), '%0d%0aX-Injected:%201', '%00', '..%2F..%2Fetc', '1'];

function hostileBody(schema: Schema | null, rnd: () => number): string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  if (rnd() < 0.3) return pick(WHOLE);
  const base: unknown = schema ? sample(schema) : { id: 1, name: 'a', value: 'a', userId: 1 };
  const body: Record<string, unknown> = base !== null && typeof base === 'object' && !Array.isArray(base) ? { ...(base as Record<string, unknown>) } : {};
  const keys = Object.keys(body);
  const key = keys.length > 0 && rnd() < 0.85 ? pick(keys) : pick(['__proto__', 'constructor', 'prototype', 'extra']);
  const nested = body[key];
  if (nested !== null && typeof nested === 'object' && !Array.isArray(nested) && rnd() < 0.5) {
    const inner = { ...(nested as Record<string, unknown>) };
    const innerKeys = Object.keys(inner);
    if (innerKeys.length > 0) inner[pick(innerKeys)] = pick(HOSTILE);
    body[key] = inner;
  } else if (Array.isArray(nested) && rnd() < 0.5) {
    body[key] = [pick(HOSTILE), ...(nested as unknown[])];
  } else {
    body[key] = pick(HOSTILE);
  }
  let text = JSON.stringify(body);
  for (const [placeholder, raw] of Object.entries(RAW)) text = text.replaceAll(placeholder, raw);
  return text;
}

async function snapshot(): Promise<string> {
  const parts = WATCHED.map((table) => `SELECT '${table}' AS t, count(*)::text || ':' || coalesce(sum(hashtext(x::text)::bigint), 0)::text AS s FROM ${table} x`);
  const { rows } = await t.db.query<{ t: string; s: string }>(parts.join(' UNION ALL '));
  return rows.map((r) => `${r.t}=${r.s}`).join(' ');
}

describe('fuzz: every REST route with bodies from its schema (issue 38)', () => {
  it('answers no 500, no database text, and a refused write changes nothing', async () => {
    const declared = new Map(restRoutes(t.app).map((r) => [`${r.method} ${r.path}`, r]));
    const seen = new Set<string>();
    const routes = t.app.routes.filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/') && !r.path.includes('*') && !seen.has(`${r.method} ${r.path}`) && seen.add(`${r.method} ${r.path}`));
    expect(routes.length).toBeGreaterThan(50);
    const counts = { routes: routes.length, withSchema: 0, requests: 0, status500: 0, databaseText: 0, refusedWrites: 0, halfWritten: 0 };
    const examples: string[] = [];
    let seed = 38_000;
    for (const route of routes) {
      const declaredBody = declared.get(`${route.method} ${route.path}`)?.body ?? null;
      const schema: Schema | null = declaredBody;
      if (schema) counts.withSchema += 1;
      // The live stream never ends: it is fuzzed by its path parameters and headers in fuzz.test.ts.
      if (route.path === '/api/v2/stream') continue;
      for (const actor of ['admin', 'anonymous'] as const) {
        const rnd = prng(seed++);
        for (let i = 0; i < BODIES_PER_ACTOR; i++) {
          const path = route.path.replace(/:[A-Za-z]+(\{[^}]*\})?/g, () => PARAMS[Math.floor(rnd() * PARAMS.length)]!);
          const hasBody = route.method !== 'GET' && route.method !== 'OPTIONS';
          const before = hasBody ? await snapshot() : '';
          const res = await t.app.request(path, {
            method: route.method,
            headers: { 'x-forwarded-for': '10.238.0.1', ...(actor === 'admin' ? { authorization: `Bearer ${admin}` } : {}), ...(hasBody ? { 'content-type': 'application/json' } : {}) },
            ...(hasBody ? { body: hostileBody(schema, rnd) } : {}),
          });
          const text = res.status === 200 && route.path.startsWith('/api/v2/stream') ? '' : await res.text();
          counts.requests += 1;
          const label = `${actor} ${route.method} ${path.slice(0, 100)} → ${res.status}`;
          if (res.status >= 500) {
            counts.status500 += 1;
            if (examples.length < 8) examples.push(`${label}: ${text.slice(0, 200)}`);
          }
          if (DATABASE_TEXT.test(text)) {
            counts.databaseText += 1;
            if (examples.length < 8) examples.push(`${label} database text: ${text.slice(0, 200)}`);
          }
          if (hasBody && res.status >= 400) {
            counts.refusedWrites += 1;
            const after = await snapshot();
            if (after !== before) {
              counts.halfWritten += 1;
              if (examples.length < 8) examples.push(`${label} changed the database: ${before} → ${after}`);
            }
          }
        }
      }
    }
    console.log(
      `REST schema fuzz: ${counts.routes} routes (${counts.withSchema} with a declared body schema), ${counts.requests} requests as admin and anonymous; ` +
        `500s: ${counts.status500}, database text: ${counts.databaseText}, refused writes: ${counts.refusedWrites}, of which changed the database: ${counts.halfWritten}`,
    );
    expect(examples).toEqual([]);
    expect(reported.map(String).slice(0, 5)).toEqual([]);
    expect(counts.refusedWrites).toBeGreaterThan(100);
    expect(counts.status500 + counts.databaseText + counts.halfWritten).toBe(0);
  }, 1_200_000);
});
