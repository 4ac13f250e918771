import { createGraphQLError, processRegularResult, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import { GraphQLError, Kind, OperationTypeNode, type DocumentNode, type ExecutionResult } from 'graphql';
import { COLLECTION_NAMES, pullFieldName } from '../../src/domain/sync/collections';
import { containsUnstorable } from '../http/unstorable';
import type { AuthGraphContext } from '../auth/graph-gate';
import { rawJsonStringify } from './raw-json';

/**
 * Issue 25: the graph's fast path for the hottest operations, the sync worker's batched pulls and the
 * unread badge. graphql-yoga's request pipeline (its server adapter, reading and checking the
 * parameters, the parse and validation caches, the result hooks) costs each request more than these
 * operations' own work. A query text that went through that pipeline once, was parsed and validated and
 * reached execution, is remembered with its parsed document; a later request with the same text runs
 * the operation through the same enveloped execute (every onExecute plugin: the auth gate, the row
 * cost and rate limit, the audit of reads, the participant read log, the read route, masked errors),
 * and its answer is written by yoga's own result processor with the raw-JSON stringify. Anything
 * else, or anything unusual about the request (another Accept, a NUL in the variables, an extra
 * parameter, an operation name that picks nothing), goes through yoga as before: the answer's bytes
 * are the same either way (server/graph/fast-path.test.ts).
 */

/** Root fields an operation may select to be remembered: the pulls and the message list (the badge). */
const FAST_ROOT_FIELDS: ReadonlySet<string> = new Set([...COLLECTION_NAMES.map(pullFieldName), 'messages']);

/** Query texts remembered at most, and the longest text remembered (a client sends a handful). */
const MAX_TEXTS = 256;
const MAX_TEXT_LENGTH = 8_000;

/** The parameters of a POST body that yoga reads (anything else is refused there: not fast). */
const PARAM_NAMES: ReadonlySet<string> = new Set(['query', 'variables', 'operationName', 'extensions']);

interface Known {
  document: DocumentNode;
  /** The one operation's name (null when anonymous). */
  operationName: string | null;
}

interface GraphParams {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
  extensions?: Record<string, unknown> | null;
}

/** A Response class as yoga's fetchAPI takes it (server/graph/yoga.ts: the node server's own, with Content-Length). */
type ResponseClass = typeof Response;

/** A query of one operation whose root fields are all fast ones (no fragments: what the clients send). */
function fastOperation(document: DocumentNode): Known | null {
  if (document.definitions.length !== 1) return null;
  const operation = document.definitions[0]!;
  if (operation.kind !== Kind.OPERATION_DEFINITION || operation.operation !== OperationTypeNode.QUERY) return null;
  if (operation.directives?.length) return null;
  for (const selection of operation.selectionSet.selections) {
    if (selection.kind !== Kind.FIELD || !FAST_ROOT_FIELDS.has(selection.name.value)) return null;
  }
  return { document, operationName: operation.name?.value ?? null };
}

/** A plain JSON object (what JSON.parse made of `{...}`). */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Accept headers yoga answers as application/json (its regular processor; `*` picks the last type it offers). */
function answersJson(accept: string | null): boolean {
  if (accept === null) return true;
  const a = accept.replace(/\s/g, '').toLowerCase();
  return a === '*/*' || a === 'application/json' || a === 'application/json;charset=utf-8';
}

/** Yoga's test for a JSON body (isPOSTJsonRequest): the first content type, exactly, or with parameters. */
export function isJsonContentType(type: string | null): boolean {
  const first = type?.split(',')[0] ?? null;
  return first === 'application/json' || !!first?.startsWith('application/json;');
}

/** Bodies read by the graph route before yoga: yoga's JSON parser answers the same from here (useParsedBody). */
const parsedBodies = new WeakMap<Request, { ok: true; value: unknown } | { ok: false; error: unknown }>();

/**
 * Reads a JSON graph request's body once, for the fast path, and keeps what it parsed to, so yoga's JSON
 * parser (which would read the body again) answers the same when the request goes to yoga after all.
 */
export async function readJsonBody(request: Request): Promise<{ ok: true; value: unknown } | { ok: false; error: unknown }> {
  let parsed: { ok: true; value: unknown } | { ok: false; error: unknown };
  try {
    parsed = { ok: true, value: JSON.parse(await request.text()) as unknown };
  } catch (error) {
    parsed = { ok: false, error };
  }
  parsedBodies.set(request, parsed);
  return parsed;
}

/**
 * Yoga plugin: a request whose body the graph route already read is parsed by yoga's own JSON parser
 * from what was read (its `json()` answers the parsed value, or rejects with the same error).
 */
export function useParsedBody(): Plugin {
  return {
    onRequestParse({ request, requestParser, setRequestParser }) {
      const parsed = parsedBodies.get(request);
      if (!parsed || !requestParser) return;
      // The same value, or the same error (JSON.parse's SyntaxError, or the body read's), as `request.json()` would give.
      const json = () => (parsed.ok ? Promise.resolve(parsed.value) : Promise.reject(parsed.error instanceof Error ? parsed.error : new Error(String(parsed.error))));
      setRequestParser(() => requestParser({ json } as unknown as Request));
    },
  };
}

/** How many answers the fast path gave in this process (tests check that it answered). */
export const fastPathCount = { answered: 0 };

export class GraphFastPath {
  private readonly known = new Map<string, Known>();
  /** Documents the learner has looked at (held weakly: gone with yoga's parse cache entry). */
  private readonly judged = new WeakSet<DocumentNode>();
  private yoga: YogaServerInstance<AuthGraphContext, object> | null = null;

  constructor(
    private readonly maskError: (error: unknown, message: string) => Error,
    private readonly ResponseClass: ResponseClass,
  ) {}

  /** The yoga instance whose enveloped execute the fast path runs. */
  attach(yoga: YogaServerInstance<AuthGraphContext, object>): void {
    this.yoga = yoga;
  }

  /** The shortest text remembered (Infinity while none is). */
  private shortest = Number.POSITIVE_INFINITY;

  /**
   * Whether a body of this declared length could hold a remembered text: the JSON body holds the text
   * as a JSON string, never shorter than the text itself, inside `{"query":""}`. A shorter body (or any
   * body while nothing is remembered) is not read by the route: yoga reads it as before.
   */
  mayHold(contentLength: string | undefined): boolean {
    if (this.known.size === 0) return false;
    const n = contentLength === undefined ? Number.NaN : Number(contentLength);
    return !Number.isFinite(n) || n >= this.shortest + 12;
  }

  /**
   * Yoga plugin: remembers a query text with its document when its operation reaches execution (so it
   * was parsed, passed the parameter checks and every validation rule, including the armor limits).
   */
  learner(): Plugin {
    return {
      onExecute: ({ args }) => {
        // Each parsed document (yoga's parse cache hands out one per text) is judged once.
        const document = args.document as DocumentNode;
        if (this.judged.has(document)) return;
        this.judged.add(document);
        const params = (args.contextValue as { params?: { query?: unknown } }).params;
        const text = params?.query;
        if (typeof text !== 'string' || text.length > MAX_TEXT_LENGTH || this.known.has(text) || this.known.size >= MAX_TEXTS) return;
        const found = fastOperation(document);
        if (!found) return;
        this.known.set(text, found);
        this.shortest = Math.min(this.shortest, text.length);
      },
    };
  }

  /**
   * The answer to a JSON graph request, or null when it is not one for the fast path (yoga answers it,
   * nothing has run). `context` is the graph context the route made for yoga.
   */
  answer(body: unknown, request: Request, context: AuthGraphContext): Promise<Response> | null {
    const yoga = this.yoga;
    if (!yoga || !isPlainObject(body) || typeof body.query !== 'string') return null;
    const known = this.known.get(body.query);
    if (!known) return null;
    for (const key in body) if (!PARAM_NAMES.has(key)) return null;
    const { variables, operationName, extensions } = body;
    if (variables != null && !isPlainObject(variables)) return null;
    if (extensions != null && !isPlainObject(extensions)) return null;
    if (operationName != null && operationName !== known.operationName) return null;
    // useRefuseNul's check (the query text passed it when it was remembered).
    if (containsUnstorable(variables) || containsUnstorable(operationName)) return null;
    if (!answersJson(request.headers.get('accept'))) return null;
    fastPathCount.answered++;
    return this.run(yoga, body as unknown as GraphParams, known, context);
  }

  /** What yoga's handleParams and processRequest do after parse and validation, then its result processing. */
  private async run(yoga: YogaServerInstance<AuthGraphContext, object>, params: GraphParams, known: Known, context: AuthGraphContext): Promise<Response> {
    let result: ExecutionResult;
    try {
      Object.assign(context, { params });
      const enveloped = yoga.getEnveloped(context);
      const contextValue = await enveloped.contextFactory();
      const execute = enveloped.execute as (args: unknown) => Promise<ExecutionResult>;
      result = await execute({
        schema: enveloped.schema as unknown,
        document: known.document,
        contextValue,
        variableValues: params.variables,
        operationName: params.operationName,
      });
    } catch (error) {
      // As yoga's handleError with masked errors: the masked error, as a GraphQLError.
      const masked = this.maskError(error, 'Unexpected error.');
      result = { errors: [masked instanceof GraphQLError ? masked : createGraphQLError(masked.message, { originalError: masked })] };
    }
    // useRawJson: the pull pages' documents go into the answer as PostgreSQL wrote them.
    Object.defineProperty(result, 'stringify', { value: rawJsonStringify, enumerable: false, configurable: true });
    return processRegularResult(result, { Response: this.ResponseClass } as never, 'application/json');
  }
}
