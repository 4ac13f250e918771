import { Kind, GraphQLError, type DocumentNode, type FragmentDefinitionNode, type GraphQLSchema, type SelectionSetNode, type ValueNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { GraphContext } from './context';
import { MAX_PER_PAGE } from './paginated';
import { DEFAULT_PAGE_SIZE } from '../../src/domain/shared/constants';
import { perOperation } from './per-operation';

/**
 * A cost limit that counts rows (issue 20), judged before anything runs:
 * - a paged list (`perPage`) costs its page size for each row's selection (perPage 0 = "all" counts as
 *   MAX_PER_PAGE, not as one), a list without paging counts ASSUMED_LIST_ROWS; nested lists multiply;
 * - a paged field asked without perPage counts the default page (DEFAULT_PAGE_SIZE), as the server answers it;
 * - an object field costs one row plus its own selection; scalar fields are free, and so is a list of
 *   scalars below the root (it is a value of its row, e.g. an audit row's chain);
 * - a pull field is one keyset query whose page is bounded by bytes: it counts PULL_FIELD_ROWS.
 * A request over ROW_BUDGET is refused with `QUERY_TOO_EXPENSIVE` before it runs. Besides, every user
 * (or, signed out, every address) has a token bucket of requests and of rows (RateLimiter): past it,
 * `RATE_LIMITED` with HTTP 429 and Retry-After.
 */
export const ROW_BUDGET = 10_000;
export const ASSUMED_LIST_ROWS = 50;
export const PULL_FIELD_ROWS = 100;

interface Walk {
  schema: GraphQLSchema;
  fragments: Map<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
  /** Set when the cost read a variable's value: then it holds only for these variables. */
  readVariables: boolean;
}

/*
 * The schema is read by name and shape only (`String(type)`, `getFields`, `getTypes`): the schema may be
 * built by another copy of the graphql module than this file's, so no instanceof-based helper is used.
 */
interface FieldShape { type: unknown; args: readonly { name: string }[] }
interface TypeShape { name: string; getFields?: () => Record<string, FieldShape>; getTypes?: () => readonly TypeShape[] }

const typeText = (type: unknown): string => String(type);
const isListText = (text: string): boolean => text.replace(/!$/, '').startsWith('[');
const namedOf = (w: Walk, text: string): TypeShape | null => (w.schema.getType(text.replace(/[[\]!]/g, '')) as unknown as TypeShape | null) ?? null;
const hasSelection = (t: TypeShape | null): t is TypeShape => t !== null && (typeof t.getFields === 'function' || typeof t.getTypes === 'function');

function valueOf(w: Walk, node: ValueNode | undefined): unknown {
  if (!node) return undefined;
  if (node.kind === Kind.VARIABLE) {
    w.readVariables = true;
    return w.variables[node.name.value];
  }
  if (node.kind === Kind.INT) return Number.parseInt(node.value, 10);
  if (node.kind === Kind.NULL) return null;
  return node.kind;
}

function pageSize(w: Walk, args: Map<string, ValueNode>, paged: boolean): number | null {
  if (!paged && !args.has('perPage') && !args.has('page')) return null;
  const raw = valueOf(w, args.get('perPage'));
  const n = typeof raw === 'number' && Number.isFinite(raw) ? Math.trunc(raw) : DEFAULT_PAGE_SIZE;
  if (n === 0) return MAX_PER_PAGE;
  if (n < 0) return DEFAULT_PAGE_SIZE;
  return Math.min(n, MAX_PER_PAGE);
}

/** The rows one selection set asks for on a parent type, once. */
function selectionRows(w: Walk, set: SelectionSetNode | undefined, parent: TypeShape, recordsRows: number | null, depth: number): number {
  if (!set || depth > 20) return 0;
  let total = 0;
  for (const sel of set.selections) {
    if (sel.kind === Kind.INLINE_FRAGMENT || sel.kind === Kind.FRAGMENT_SPREAD) {
      const frag = sel.kind === Kind.FRAGMENT_SPREAD ? w.fragments.get(sel.name.value) : sel;
      if (!frag) continue;
      const cond = frag.typeCondition ? (w.schema.getType(frag.typeCondition.name.value) as unknown as TypeShape | null) : parent;
      total += selectionRows(w, frag.selectionSet, cond ?? parent, recordsRows, depth + 1);
      continue;
    }
    const name = sel.name.value;
    if (name.startsWith('__')) continue;
    const types: TypeShape[] = typeof parent.getFields === 'function' ? [parent] : typeof parent.getTypes === 'function' ? [...parent.getTypes()] : [];
    let worst = 0;
    for (const type of types) {
      const def = type.getFields?.()[name];
      if (!def) continue;
      const text = typeText(def.type);
      const named = namedOf(w, text);
      // The arguments as sent; a value is read only where the cost depends on it (perPage).
      const args = new Map<string, ValueNode>();
      for (const arg of sel.arguments ?? []) args.set(arg.name.value, arg.value);
      if (name.startsWith('pull') && args.has('checkpoint')) {
        worst = Math.max(worst, PULL_FIELD_ROWS);
        continue;
      }
      // a paged field asked without perPage answers the default page (15), as pageClause does
      const size = pageSize(w, args, def.args.some((a) => a.name === 'perPage'));
      const isObject = hasSelection(named);
      const childRows = isObject ? selectionRows(w, sel.selectionSet, named, size, depth + 1) : 0;
      let rows: number;
      if (isListText(text)) {
        const n = name === 'records' && recordsRows !== null ? recordsRows : size ?? ASSUMED_LIST_ROWS;
        // a list of scalars on a row (an audit row's chain) is a value of that row, not rows read
        rows = isObject ? n * (1 + childRows) : depth > 0 ? 0 : n;
      } else {
        rows = isObject ? 1 + childRows : 0;
      }
      worst = Math.max(worst, rows);
    }
    total += worst;
    if (total > 1e12) return total;
  }
  return total;
}

/** The rows an operation asks for (the largest over its operations when no name picks one). */
export function rowCost(schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown> = {}, operationName?: string | null): number {
  return costOf(schema, document, variables, operationName).cost;
}

/** rowCost, and whether it read a variable (else it is the same for any variables). */
function costOf(schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown>, operationName: string | null | undefined): { cost: number; readVariables: boolean } {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  const w: Walk = { schema, fragments, variables, readVariables: false };
  let cost = 0;
  for (const def of document.definitions) {
    if (def.kind !== Kind.OPERATION_DEFINITION) continue;
    if (operationName && def.name?.value !== operationName) continue;
    const op: string = def.operation;
    const root: unknown = op === 'query' ? schema.getQueryType() : op === 'mutation' ? schema.getMutationType() : schema.getSubscriptionType();
    if (!root) continue;
    cost = Math.max(cost, selectionRows(w, def.selectionSet, root as TypeShape, null, 0));
  }
  return { cost, readVariables: w.readVariables };
}

/** Costs that read no variable, per schema, query text and operation name (issue 25: the pull and the unread count). */
const fixedCosts = new WeakMap<GraphQLSchema, (document: DocumentNode, operationName: string | null | undefined) => number | null>();

/** rowCost, computed once per query text and operation when it does not depend on the variables. */
export function cachedRowCost(schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown>, operationName: string | null | undefined): number {
  let fixed = fixedCosts.get(schema);
  if (!fixed) {
    fixed = perOperation((doc, name) => {
      const found = costOf(schema, doc, {}, name);
      return found.readVariables ? null : found.cost;
    });
    fixedCosts.set(schema, fixed);
  }
  return fixed(document, operationName) ?? costOf(schema, document, variables, operationName).cost;
}

// ------------------------------------------------------------------------------------ rate limit

interface Bucket { requests: number; rows: number; at: number }

export interface RateSettings {
  requestBurst: number;
  requestsPerSecond: number;
  rowBurst: number;
  rowsPerSecond: number;
}

/**
 * Generous for people and their sync (a burst of 1,000 requests, then 50 a second; rows: a burst of 20 ×
 * the budget, then 20,000 a second), tight for a flood of expensive requests: after 20 requests at the
 * budget, two a second. Per server process (several processes: a client meets one at a time behind a
 * sticky balancer, otherwise N× the limit).
 */
export const DEFAULT_RATE: RateSettings = { requestBurst: 1_000, requestsPerSecond: 50, rowBurst: 20 * ROW_BUDGET, rowsPerSecond: 20_000 };

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  constructor(private readonly s: RateSettings = DEFAULT_RATE) {}

  /** Takes one request and `rows` from the key's buckets; answers the seconds to wait when they are empty (0: go). */
  take(key: string, rows: number, now = Date.now()): number {
    let b = this.buckets.get(key);
    if (!b) {
      if (this.buckets.size > 50_000) this.buckets.clear();
      b = { requests: this.s.requestBurst, rows: this.s.rowBurst, at: now };
      this.buckets.set(key, b);
    }
    const seconds = Math.max(0, (now - b.at) / 1000);
    b.requests = Math.min(this.s.requestBurst, b.requests + seconds * this.s.requestsPerSecond);
    b.rows = Math.min(this.s.rowBurst, b.rows + seconds * this.s.rowsPerSecond);
    b.at = now;
    if (b.requests < 1) return Math.max(1, Math.ceil((1 - b.requests) / this.s.requestsPerSecond));
    if (b.rows < rows) return Math.max(1, Math.ceil((rows - b.rows) / this.s.rowsPerSecond));
    b.requests -= 1;
    b.rows -= rows;
    return 0;
  }
}

export function useRowCost(limiter: RateLimiter | null = new RateLimiter()): Plugin<GraphContext> {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const { schema, document, variableValues, operationName } = args as unknown as { schema: GraphQLSchema; document: DocumentNode; variableValues?: Record<string, unknown> | null; operationName?: string | null };
      const cost = cachedRowCost(schema, document, variableValues ?? {}, operationName);
      if (cost > ROW_BUDGET) {
        setResultAndStopExecution({
          errors: [new GraphQLError(`Query too expensive: ${cost} rows asked, at most ${ROW_BUDGET}.`, { extensions: { code: 'QUERY_TOO_EXPENSIVE', cost, budget: ROW_BUDGET } })],
        });
        return;
      }
      if (!limiter) return;
      const ctx = args.contextValue as GraphContext;
      const key = ctx.viewer ? `u:${ctx.viewer.realUserId}` : `ip:${ctx.ip}`;
      const wait = limiter.take(key, Math.max(1, cost));
      if (wait > 0) {
        setResultAndStopExecution({
          errors: [new GraphQLError('Too many requests.', { extensions: { code: 'RATE_LIMITED', retryAfterSeconds: wait, http: { status: 429, headers: { 'retry-after': String(wait) } } } })],
        });
      }
    },
  };
}
