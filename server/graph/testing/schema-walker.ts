import { randomUUID } from 'node:crypto';
import type {
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLInputType,
  GraphQLNamedType,
  GraphQLObjectType,
  GraphQLOutputType,
  GraphQLScalarType,
} from 'graphql';
import type { Hono } from 'hono';
import { schema } from '../schema';
import { parse } from 'graphql';
import { rowCost, ROW_BUDGET } from '../row-cost';
import { createSession } from '../../auth/session';
import type { Db } from '../../db/db';

/**
 * The schema walker behind the tenancy and caseload suites: it calls EVERY query and mutation of the built schema
 * (operations added later are covered without touching a test), passing ids and uuids of *protected* rows for every
 * id-like argument, and reports any answer (data or error text) that carries an identifying value of a protected
 * row: its uuid, its (type, id) pair, or one of its names / e-mail addresses / BSNs / phone numbers. A snapshot of
 * the protected rows shows whether any mutation changed them.
 *
 * `protectedWhere(table)` is a trusted SQL condition on alias `t` selecting the protected rows of a table, or null
 * when the table holds none.
 */
export interface WalkerOptions {
  name: string;
  db: Db;
  app: Hono;
  protectedWhere: (table: string) => string | null;
  /** Tables whose protected rows the snapshot compares (default: all); leave out append-only bookkeeping. */
  snapshotTable?: (table: string) => boolean;
}

export interface Call {
  actor: string;
  kind: 'query' | 'mutation';
  field: string;
  query: string;
  variables: Record<string, unknown>;
}

export interface Leak {
  actor: string;
  operation: string;
  variables: Record<string, unknown>;
  found: string[];
}

export interface ProtectedValues {
  /** table -> ids of protected rows (not deleted first) */
  idsByTable: Map<string, number[]>;
  /** table -> uuids of protected rows */
  uuidsByTable: Map<string, string[]>;
  /** every protected uuid */
  uuids: Set<string>;
  /** names, usernames, subjects, labels of protected rows that appear in no other row: matched as a whole value */
  texts: Set<string>;
  /** e-mail addresses, BSNs, phone numbers of protected rows: matched inside any string (messages, JSON) */
  fragments: Set<string>;
}

export type Walker = Awaited<ReturnType<typeof createWalker>>;

export async function createWalker(options: WalkerOptions) {
  const { db, app } = options;
  // The schema's graphql objects may come from another module instance than this file's `graphql` import
  // (CommonJS vs ESM under vitest), so the type predicates here look at shapes, not instanceof.
  type AnyType = GraphQLInputType | GraphQLOutputType;
  const kindOf = (t: unknown): string => (t as { constructor: { name: string } }).constructor.name;
  const isNonNullType = (t: AnyType): t is AnyType & { ofType: AnyType } => kindOf(t) === 'GraphQLNonNull';
  const isListType = (t: AnyType): boolean => kindOf(t) === 'GraphQLList';
  function getNamedType(t: AnyType): GraphQLNamedType {
    let cur: unknown = t;
    while (cur && typeof cur === 'object' && 'ofType' in cur) cur = (cur).ofType;
    return cur as GraphQLNamedType;
  }
  const isInputObjectType = (t: unknown): t is GraphQLInputObjectType => kindOf(t) === 'GraphQLInputObjectType';
  const isObjectType = (t: unknown): t is GraphQLObjectType => kindOf(t) === 'GraphQLObjectType';
  const isEnumType = (t: unknown): t is GraphQLEnumType => kindOf(t) === 'GraphQLEnumType';
  const isScalarType = (t: unknown): t is GraphQLScalarType => kindOf(t) === 'GraphQLScalarType';
  const isUnionType = (t: unknown): boolean => kindOf(t) === 'GraphQLUnionType';
  const isInterfaceType = (t: unknown): boolean => kindOf(t) === 'GraphQLInterfaceType';






  const IDENTIFYING_COLUMNS = [
    'name', 'username', 'firstname', 'lastname', 'given_name', 'surname', 'email', 'bsn', 'subject', 'title',
    'employer_name', 'label', 'phone', 'personal_code', 'street', 'description',
  ];

  const leaks: Leak[] = [];
  const errorsSeen = new Map<string, number>();
  const exercised = new Set<string>();
  const stats = { calls: 0, answered: 0 };

  // ------------------------------------------------------------------------------------------ set-up helpers

  async function companyTables(): Promise<string[]> {
    const { rows } = await db.query<{ table_name: string }>(
      `SELECT DISTINCT c.table_name FROM information_schema.columns c
         JOIN information_schema.tables t ON t.table_name = c.table_name AND t.table_schema = c.table_schema
        WHERE c.table_schema = current_schema() AND c.column_name = 'company_id' AND t.table_type = 'BASE TABLE'
        ORDER BY c.table_name`,
    );
    return rows.map((r) => r.table_name);
  }

  async function columnsOf(table: string): Promise<Set<string>> {
    const { rows } = await db.query<{ column_name: string }>(
      'SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1',
      [table],
    );
    return new Set(rows.map((r) => r.column_name));
  }


  async function collectProtectedValues(): Promise<ProtectedValues> {
    const idsByTable = new Map<string, number[]>();
    const uuidsByTable = new Map<string, string[]>();
    const uuids = new Set<string>();
    const org1Texts = new Set<string>();
    const otherTexts = new Set<string>();
    for (const table of tablesWithCompany) {
      const cols = await columnsOf(table);
      const where = options.protectedWhere(table);
      if (!where) continue;
      if (cols.has('id')) {
        const order = cols.has('deleted_at') ? 'deleted_at IS NOT NULL, id' : 'id';
        const { rows } = await db.query<{ id: unknown }>(`SELECT id FROM ${table} t WHERE ${where} ORDER BY ${order}`);
        const ids = rows.map((r) => Number(r.id)).filter((n) => Number.isSafeInteger(n));
        if (ids.length) idsByTable.set(table, ids);
      }
      if (cols.has('uuid')) {
        const { rows } = await db.query<{ uuid: string }>(`SELECT uuid::text AS uuid FROM ${table} t WHERE ${where} ORDER BY id`);
        uuidsByTable.set(table, rows.map((r) => r.uuid));
        for (const r of rows) uuids.add(r.uuid);
      }
      for (const col of IDENTIFYING_COLUMNS.filter((c) => cols.has(c))) {
        const { rows } = await db.query<{ v: string | null; mine: boolean }>(
          `SELECT DISTINCT ${col}::text AS v, coalesce(${where}, false) AS mine FROM ${table} t WHERE ${col} IS NOT NULL`,
        );
        for (const r of rows) {
          if (!r.v) continue;
          (r.mine ? org1Texts : otherTexts).add(r.v.toLowerCase());
        }
      }
    }
    // text of rows outside the protected set, in tables that have none protected, counts as "other" too
    for (const table of tablesWithCompany) {
      if (options.protectedWhere(table)) continue;
      const cols = await columnsOf(table);
      for (const col of IDENTIFYING_COLUMNS.filter((c) => cols.has(c))) {
        const { rows } = await db.query<{ v: string | null }>(`SELECT DISTINCT ${col}::text AS v FROM ${table} WHERE ${col} IS NOT NULL`);
        for (const r of rows) if (r.v) otherTexts.add(r.v.toLowerCase());
      }
    }
    // global words (type and field names, enum values, role and status names) are nobody's data
    for (const word of await globalWords()) otherTexts.add(word);
    // values shared with other rows say nothing about the protected ones; short ones are too common
    const texts = new Set([...org1Texts].filter((t) => t.length >= 4 && !otherTexts.has(t)));
    const fragments = new Set([...texts].filter((t) => /@/.test(t) || /^\d{9}$/.test(t) || /^0\d[\d -]{7,}$/.test(t)));
    return { idsByTable, uuidsByTable, uuids, texts, fragments };
  }

  async function globalWords(): Promise<string[]> {
    const words: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      words.push(type.name.toLowerCase());
      if (isObjectType(type) || isInputObjectType(type)) words.push(...Object.keys(type.getFields()).map((f) => f.toLowerCase()));
      if (isEnumType(type)) words.push(...type.getValues().map((v) => String(v.value).toLowerCase()));
    }
    const roles = await db.query<{ role: string; label: string }>('SELECT role, label FROM acl_roles WHERE company_id IS NULL');
    for (const r of roles.rows) words.push(r.role.toLowerCase(), r.label.toLowerCase());
    const statuses = await db.query<{ name: string; label: string }>('SELECT name, label FROM participant_statuses');
    for (const r of statuses.rows) words.push(r.name.toLowerCase(), r.label.toLowerCase());
    return words;
  }

  async function snapshot(): Promise<Map<string, string>> {
    const result = new Map<string, string>();
    for (const table of tablesWithCompany) {
      const where = options.protectedWhere(table);
      if (!where || (options.snapshotTable && !options.snapshotTable(table))) continue;
      const { rows } = await db.query<{ n: number; h: string | null }>(
        `SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM ${table} t WHERE ${where}`,
      );
      result.set(table, `${rows[0]?.n}:${rows[0]?.h}`);
    }
    return result;
  }

  // ------------------------------------------------------------------------------------------ type → table

  const snake = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
  const plural = (s: string) => (s.endsWith('y') && !/[aeiou]y$/.test(s) ? `${s.slice(0, -1)}ies` : s.endsWith('s') ? `${s}es` : `${s}s`);

  /** The table behind a GraphQL object type, by name: Participant → participants, WorkPlan → work_plans. */
  function tableOfType(typename: string): string | null {
    const candidates = [plural(snake(typename)), snake(typename)];
    if (typename === 'Company') candidates.unshift('companies');
    return candidates.find((t) => tablesWithCompany.includes(t)) ?? null;
  }

  /** Every table name as the camel-cased singular it appears as in field and argument names. */
  function tableHints(): { hint: string; table: string }[] {
    const hints: { hint: string; table: string }[] = [];
    for (const table of tablesWithCompany) {
      const singular = table.endsWith('ies') ? `${table.slice(0, -3)}y` : table.endsWith('ses') ? table.slice(0, -2) : table.replace(/s$/, '');
      const camel = singular.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
      hints.push({ hint: camel.toLowerCase(), table });
    }
    const alias: [string, string][] = [
      ['coach', 'users'], ['manager', 'users'], ['assessor', 'users'], ['expert', 'users'], ['recipient', 'users'], ['sender', 'users'],
      ['measurement', 'wage_value_measurements'], ['plan', 'wage_value_plans'], ['note', 'wage_value_plan_notes'],
      ['role', 'acl_roles'], ['parentmessage', 'messages'], ['workorder', 'work_orders'], ['case', 'cases'],
    ];
    for (const [hint, table] of alias) hints.push({ hint, table });
    return hints.sort((a, b) => b.hint.length - a.hint.length);
  }

  /** The table an id-like argument points into, from its own name and, for a bare `id`, the field's name. */
  function tableForArg(argName: string, fieldName: string): string | null {
    const base = argName.replace(/(Ids|Id|Uuids|Uuid|s)$/, '').toLowerCase();
    const hints = tableHints();
    if (base && base !== 'id' && base !== 'uuid' && base !== 'clientmutation') {
      const exact = hints.find((h) => h.hint === base);
      if (exact) return exact.table;
      const partial = hints.find((h) => base.includes(h.hint));
      if (partial) return partial.table;
    }
    const field = fieldName.toLowerCase();
    return hints.find((h) => field.includes(h.hint))?.table ?? null;
  }

  // ------------------------------------------------------------------------------------------ call building

  const isIdLikeName = (name: string) => (name === 'id' || name === 'ids' || /Ids?$/.test(name)) && name !== 'clientMutationId';
  const isUuidLikeName = (name: string) => name === 'uuid' || name === 'uuids' || /Uuids?$/.test(name);

  /** A spread of at most `n` values: first, last and some between (hidden, deleted and caseload rows differ). */
  function spread<T>(list: readonly T[], n: number): T[] {
    if (list.length <= n) return [...list];
    const out: T[] = [];
    for (let i = 0; i < n; i++) out.push(list[Math.round((i * (list.length - 1)) / (n - 1))] as T);
    return [...new Set(out)];
  }

  /** Candidate org-1 values for an id-like or uuid-like argument; the fallback is one row of every org-1 table. */
  function protectedCandidates(argName: string, fieldName: string, wantUuid: boolean): unknown[] {
    const table = tableForArg(argName, fieldName);
    const source = wantUuid ? values.uuidsByTable : values.idsByTable;
    const rows = table ? source.get(table) : undefined;
    if (rows?.length) return spread<unknown>(rows, 6);
    if (table === 'acl_roles') return [7];
    const fallback = new Set<unknown>();
    for (const list of source.values()) if (list[0] !== undefined) fallback.add(list[0]);
    return spread([...fallback], 12);
  }

  let counter = 0;
  function plainValue(name: string, type: GraphQLInputType, description?: string | null): unknown {
    const named = getNamedType(type);
    const lower = name.toLowerCase();
    if (isEnumType(named)) return named.getValues()[0]?.value;
    if (isScalarType(named)) {
      switch (named.name) {
        case 'Int':
          return lower === 'perpage' ? 0 : lower === 'limit' ? 500 : lower === 'page' ? 1 : 1;
        case 'Float':
          return 0;
        case 'Boolean':
          return true;
        case 'JSON':
          return {};
        case 'ID':
          return lower.includes('clientmutation') ? randomUUID() : String(++counter);
        default:
          counter += 1;
          // a description that lists the allowed values ("dark, light or automatic") names a valid one
          {
            const options = /^([a-z][\w-]*)(?:, [a-z][\w-]*)* or [a-z][\w-]*$/i.exec(description?.trim() ?? '');
            if (options?.[1]) return options[1];
          }
          if (description?.includes('DD-MM-YYYY')) return '01-02-2025';
          if (lower === 'subject') return 'participants';
          if (lower.includes('picture') || lower.includes('uuid')) return randomUUID();
          if (lower.includes('email')) return `tenancy${counter}@example.nl`;
          if (lower.includes('username')) return `tenancy_${counter}`;
          if (lower.includes('password')) return 'Tenancy-Wachtwoord-2026!';
          if (lower.includes('date') || lower === 'birthdate') return '01-02-2025';
          if (lower.includes('clientmutation')) return randomUUID();
          if (lower === 'sex') return 'unknown';
          if (lower === 'bsn') return '111222333';
          if (lower === 'zipcode') return '1234 AB';
          if (lower.includes('phone')) return '0612345678';
          if (lower.includes('housenumber')) return '1';
          if (lower === 'resource') return 'participants';
          if (lower === 'privilege') return 'view';
          return `tenancy ${counter}`;
      }
    }
    return null;
  }

  /**
   * A value for an argument or input field. Id-like ones take `pick(candidates)`; input objects are built from their
   * fields and plain optional fields, plus the optional id-like fields `withOptional` names, so cross-references
   * into org 1 are attempted.
   */
  function valueFor(name: string, type: GraphQLInputType, fieldName: string, pick: (c: unknown[]) => unknown, withOptional: (name: string) => boolean, description?: string | null): unknown {
    const list = isListType(isNonNullType(type) ? type.ofType : type);
    const named = getNamedType(type);
    let single: unknown;
    if (isInputObjectType(named)) {
      const obj: Record<string, unknown> = {};
      for (const f of Object.values(named.getFields())) {
        const idLike = isIdLikeName(f.name) || isUuidLikeName(f.name);
        const updating = /^(update|delete|set|save|edit)/i.test(fieldName);
        // every field of an input is given (so validation passes and the resolver reaches its scope checks);
        // optional references only in the variant that tries them, the record's own id only for updates
        if (idLike && !isNonNullType(f.type) && !(f.name !== 'id' ? withOptional(f.name) : updating) && !(f.name === 'roleId')) continue;
        obj[f.name] = valueFor(f.name, f.type, fieldName, pick, withOptional, f.description);
      }
      single = obj;
    } else if (isScalarType(named) && ['ID', 'Int', 'String'].includes(named.name) && isUuidLikeName(name)) {
      single = pick(protectedCandidates(name, fieldName, true));
    } else if (isScalarType(named) && (named.name === 'ID' || named.name === 'Int') && isIdLikeName(name)) {
      const v = pick(protectedCandidates(name, fieldName, false));
      single = named.name === 'ID' ? String(v) : Number(v);
    } else {
      single = plainValue(name, type, description);
    }
    return list ? [single] : single;
  }

  /** The id-like arguments (and input fields) of an argument with their candidate counts; requiredOnly skips optional ones. */
  function idArgs(name: string, type: GraphQLInputType, fieldName: string, requiredOnly: boolean, depth = 0): { name: string; count: number; optional: boolean }[] {
    const optional = !isNonNullType(type) && !(name === 'id' && /^(update|delete|set|save|edit|block|unblock)/i.test(fieldName)) && name !== 'roleId';
    if (requiredOnly && optional) return [];
    const named = getNamedType(type);
    if (isInputObjectType(named) && depth < 3) {
      return Object.values(named.getFields()).flatMap((f) => idArgs(f.name, f.type, fieldName, requiredOnly, depth + 1));
    }
    if (isIdLikeName(name) || isUuidLikeName(name)) return [{ name, count: protectedCandidates(name, fieldName, isUuidLikeName(name)).length, optional }];
    return [];
  }

  /** A selection of every field reachable without arguments, to `depth` levels, always with __typename. */
  function selection(type: GraphQLOutputType, depth: number): string {
    const named = getNamedType(type);
    if (isScalarType(named) || isEnumType(named)) return '';
    if (depth <= 0) return '{ __typename }';
    if (isUnionType(named) || isInterfaceType(named)) {
      const possible = schema.getPossibleTypes(named as Parameters<typeof schema.getPossibleTypes>[0]);
      return `{ __typename ${possible.map((p) => `... on ${p.name} ${selection(p, depth)}`).join(' ')} }`;
    }
    if (!isObjectType(named)) return '';
    const parts: string[] = ['__typename'];
    for (const f of Object.values(named.getFields())) {
      if (f.args.some((a) => isNonNullType(a.type))) continue;
      const sub = selection(f.type, depth - 1);
      const leaf = isScalarType(getNamedType(f.type)) || isEnumType(getNamedType(f.type));
      if (leaf) parts.push(f.name);
      else if (sub) parts.push(`${f.name} ${sub}`);
    }
    return `{ ${parts.join(' ')} }`;
  }

  function gqlTypeString(type: GraphQLInputType): string {
    return String(type);
  }

  /**
   * The calls of every root field: first with its required arguments only (lists answer everything the actor
   * may see), then — when it has optional id-like arguments — with those filled with org-1 ids as well. Each
   * variant runs once per candidate id, so every id-like argument goes through its org-1 candidates.
   */
  function buildCalls(actor: string): Call[] {
    const calls: Call[] = [];
    for (const [kind, root] of [['query', schema.getQueryType()], ['mutation', schema.getMutationType()]] as const) {
      if (!root) continue;
      for (const field of Object.values(root.getFields())) {
        const required = field.args.flatMap((a) => idArgs(a.name, a.type, field.name, true));
        const all = field.args.flatMap((a) => idArgs(a.name, a.type, field.name, false));
        const optionalNames = [...new Set(all.filter((x) => x.optional).map((x) => x.name))];
        // required arguments only; then every optional reference at once; then each optional reference alone
        // (so an early refusal of one reference cannot hide how another one is handled)
        const variants: ((name: string) => boolean)[] = [() => false];
        if (optionalNames.length) variants.push(() => true);
        if (optionalNames.length > 1) for (const only of optionalNames) variants.push((name) => name === only);
        for (const withOptional of variants) {
          const counts = all.filter((x) => !x.optional || withOptional(x.name)).map((x) => x.count);
          const n = Math.max(1, ...counts, ...required.map((x) => x.count));
          for (let i = 0; i < n; i++) {
            const pick = (c: unknown[]) => c[i % c.length];
            const variables: Record<string, unknown> = {};
            const defs: string[] = [];
            const uses: string[] = [];
            for (const arg of field.args) {
              const idLike = isIdLikeName(arg.name) || isUuidLikeName(arg.name);
              if (!isNonNullType(arg.type) && !(idLike && (withOptional(arg.name) || (arg.name === 'id' && /^(update|delete|set|save|edit|block|unblock)/i.test(field.name))))) continue;
              variables[arg.name] = valueFor(arg.name, arg.type, field.name, pick, withOptional, arg.description);
              defs.push(`$${arg.name}: ${gqlTypeString(arg.type)}`);
              uses.push(`${arg.name}: $${arg.name}`);
            }
            // As deep as the server's row cost limit lets one request ask (issue 20, server/graph/row-cost.ts).
            const build = (depth: number) => `${kind} Tenancy${defs.length ? `(${defs.join(', ')})` : ''} { ${field.name}${uses.length ? `(${uses.join(', ')})` : ''} ${selection(field.type, depth)} }`;
            let depth = 3;
            while (depth > 1 && rowCost(schema, parse(build(depth)), variables) > ROW_BUDGET) depth -= 1;
            const query = build(depth);
            calls.push({ actor, kind, field: field.name, query, variables });
          }
        }
      }
    }
    return calls;
  }

  // ------------------------------------------------------------------------------------------ leak detection

  function findLeaks(body: unknown): string[] {
    const found: string[] = [];
    const walk = (node: unknown, typename: string | null, key: string | null) => {
      if (node === null || node === undefined) return;
      if (Array.isArray(node)) {
        for (const item of node) walk(item, typename, key);
        return;
      }
      if (typeof node === 'object') {
        const obj = node as Record<string, unknown>;
        const tn = typeof obj.__typename === 'string' ? obj.__typename : null;
        for (const [k, v] of Object.entries(obj)) walk(v, tn ?? (k === '__typename' ? null : null), k);
        if (tn && (typeof obj.id === 'string' || typeof obj.id === 'number')) {
          const table = tableOfType(tn);
          const id = Number(obj.id);
          if (table && values.idsByTable.get(table)?.includes(id)) found.push(`${tn}#${id} (a protected row of ${table})`);
        }
        return;
      }
      if (typeof node === 'string') {
        const lower = node.toLowerCase();
        if (values.uuids.has(lower)) found.push(`uuid ${node}${key ? ` in ${key}` : ''}`);
        else if (values.texts.has(lower.trim())) found.push(`"${node}"${key ? ` in ${key}` : ''}`);
        else {
          // uuids, e-mail addresses, BSNs and phone numbers inside longer strings (error messages, JSON documents)
          if (lower.length >= 9) {
            for (const u of values.uuids) if (lower.includes(u)) found.push(`uuid ${u} inside ${key ?? 'a string'}`);
            for (const f of values.fragments) if (lower.includes(f)) found.push(`"${f}" inside ${key ?? 'a string'}`);
          }
        }
      }
    };
    walk(body, null, null);
    return [...new Set(found)];
  }

  /**
   * Client-chosen uuids: a mutation may store a uuid the actor sent (offline-created records) in the actor's own
   * organisation. Such a value now belongs to org 2 as well, so it stops counting as identifying org 1 — the snapshot
   * still proves the org-1 row itself was not touched.
   */
  async function forgetUuidsStoredOutside(): Promise<void> {
    for (const table of tablesWithCompany) {
      if (!values.uuidsByTable.has(table)) continue;
      const { rows } = await db.query<{ uuid: string }>(
        `SELECT uuid::text AS uuid FROM ${table} t WHERE NOT coalesce(${options.protectedWhere(table) ?? 'false'}, false) AND uuid::text = ANY($1::text[])`,
        [[...values.uuids]],
      );
      for (const r of rows) values.uuids.delete(r.uuid);
    }
  }

  async function tokenFor(user: { id: number; companyId: number }): Promise<string> {
    return (await createSession(db, user, { mfaValidated: true })).token;
  }

  async function send(call: Call, token: string): Promise<unknown> {
    const res = await app.request('/api/v2/graph', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: call.query, variables: call.variables }),
    });
    const text = await res.text();
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }

  /** Mutations that answered success, and those of them that wrote no audit row (a finding to report). */
  const succeeded = new Set<string>();
  const unaudited = new Set<string>();
  async function auditCount(): Promise<number> {
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log');
    return rows[0]?.n ?? 0;
  }

  async function runAs(actor: string, user: { id: number; companyId: number }, kinds: readonly ('query' | 'mutation')[] = ['query', 'mutation']): Promise<Leak[]> {
    const found0 = leaks.length;
    const calls = buildCalls(actor).filter((c) => kinds.includes(c.kind));
    stats.calls += calls.length;
    // queries first, then mutations; a fresh session for every call (a mutation may end the actor's sessions)
    for (const call of calls.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'query' ? -1 : 1))) {
      const auditBefore = call.kind === 'mutation' ? await auditCount() : 0;
      const body = await send(call, await tokenFor(user));
      exercised.add(`${call.kind} ${call.field}`);
      if (call.kind === 'mutation') {
        const answer = (body as { data?: Record<string, { success?: unknown } | null> | null }).data?.[call.field];
        if (answer?.success === true) {
          succeeded.add(call.field);
          if ((await auditCount()) === auditBefore) unaudited.add(call.field);
        }
      }
      if (process.env.TENANCY_DEBUG) console.log(call.field, JSON.stringify(call.variables), JSON.stringify(body).slice(0, 300));
      const data = (body as { data?: Record<string, unknown> | null }).data;
      if (data && Object.values(data).some((v) => v !== null)) stats.answered += 1;
      const errors = (body as { errors?: { message: string; extensions?: { code?: string } }[] }).errors;
      if (errors?.length) {
        const code = errors[0]?.extensions?.code ?? errors[0]?.message ?? 'error';
        errorsSeen.set(`${actor} ${call.field}: ${code}`, (errorsSeen.get(`${actor} ${call.field}: ${code}`) ?? 0) + 1);
      }
      const found = findLeaks(body);
      if (found.length) leaks.push({ actor, operation: `${call.kind} ${call.field}`, variables: call.variables, found });
    }
    return leaks.slice(found0);
  }

  function report(): string {
    if (!leaks.length) return 'no leaks';
    const lines = [`LEAKS (${options.name}):`];
    for (const l of leaks) {
      lines.push(`  ✗ ${l.operation} as ${l.actor} with ${JSON.stringify(l.variables)}`);
      for (const f of l.found.slice(0, 8)) lines.push(`      ${f}`);
    }
    return lines.join('\n');
  }


  const tablesWithCompany = await companyTables();
  const values = await collectProtectedValues();
  return { runAs, report, snapshot, forgetUuidsStoredOutside, findLeaks, send, tokenFor, leaks, stats, exercised, errorsSeen, values, succeeded, unaudited };
}
