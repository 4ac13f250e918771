import { createYoga, maskError as yogaMaskError, type Plugin } from 'graphql-yoga';
import { GraphQLError } from 'graphql';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { schema } from './schema';
import type { GraphContext } from './context';
import type { Config } from '../config';
import { useAuthGate, useNoIntrospection } from '../auth/graph-gate';
import { useAuditedReads } from '../auth/audited-reads';
import { reportError } from '../sentry';
import { containsUnstorable } from '../http/unstorable';
import { useWriteBatches } from '../sync/writes';
import { RateLimiter, useRowCost } from './row-cost';
import { useParticipantReadLog } from '../auth/participant-reads';
import { useReadOnlyOperations } from '../sync/read-route';
import { PUSH_BATCH_MAX } from '../../src/domain/writes/push-document';
import { useRawJson } from './raw-json';
import { GraphFastPath, useParsedBody } from './fast-path';

/** A GraphQLError of any copy of the graphql module (ESM and CommonJS may both be loaded). */
function isGraphError(error: unknown): error is GraphQLError {
  return error instanceof GraphQLError || Object.prototype.toString.call(error) === '[object GraphQLError]';
}

/** The error that was thrown, below graphql's wrapper. */
function originalOf(error: unknown): unknown {
  return isGraphError(error) && error.originalError ? error.originalError : error;
}

/** An error a resolver meant to show (a GraphQLError it created), as opposed to a crash (database, bug). */
export function isExpectedGraphError(error: unknown): boolean {
  const original = originalOf(error);
  return isGraphError(original) || (isGraphError(error) && !error.originalError);
}

/**
 * Unexpected errors (thrown by resolvers, the database, a bug) go to Sentry when SENTRY_DSN is set, and
 * reach the client as "Unexpected error." with code INTERNAL_SERVER_ERROR: never a database text.
 * With graph development tools on (npm run dev) they are shown as they are.
 */
export function graphErrorMasker(config: Pick<Config, 'graphDevTools'>) {
  return (error: unknown, message: string): Error => {
    if (isExpectedGraphError(error)) return error as Error;
    reportError(originalOf(error));
    if (config.graphDevTools) return error instanceof Error ? error : new Error(String(error));
    return yogaMaskError(error, message, false);
  };
}

/** Refuses a request whose query or variables hold a NUL character, before anything runs (a 400, not a database error). */
export function useRefuseNul(): Plugin {
  return {
    onParams({ params, setResult }) {
      if (containsUnstorable(params.query) || containsUnstorable(params.variables) || containsUnstorable(params.operationName)) {
        setResult({ errors: [new GraphQLError('The input holds a NUL character or broken unicode.', { extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } } })] });
      }
    },
  };
}

/**
 * The Response class yoga answers with: whichever is global when the answer is made. Under
 * @hono/node-server that is its lightweight Response, which writes a string body straight to the
 * socket; yoga's own (the @whatwg-node ponyfill) went through a ReadableStream per answer, read
 * again by the node server (issue 25: a tenth of the server's CPU per request in the load mix).
 */
export const CurrentResponse = new Proxy(Response, {
  construct: (_target, [body, init]: ConstructorParameters<typeof Response>) => new globalThis.Response(body, withLength(body, init)),
});

/**
 * A text answer's init with its Content-Length (when it has none), so the compression middleware
 * (server/http/compression.ts) sees a small answer by its headers and never reads its body: reading
 * it turns the answer into a stream (issue 25). The node server writes the same header itself.
 */
export function withLength(body: BodyInit | null | undefined, init: ResponseInit | undefined): ResponseInit | undefined {
  if (typeof body !== 'string') return init;
  const given = init?.headers;
  // Yoga's answers carry a plain object: add the length to a copy of it, without a Headers in
  // between (the node server makes one from it once, when the security headers are set).
  if (given !== undefined && Object.getPrototypeOf(given) === Object.prototype) {
    const plain = given as Record<string, string>;
    for (const name in plain) if (name.length === 14 && name.toLowerCase() === 'content-length') return init;
    return { ...init, headers: { ...plain, 'content-length': String(Buffer.byteLength(body)) } };
  }
  const headers = new Headers(given);
  if (!headers.has('content-length')) headers.set('content-length', String(Buffer.byteLength(body)));
  return { ...init, headers };
}

/**
 * The graph endpoint (POST /api/v2/graph) and its fast path for the hot operations (server/graph/fast-path.ts),
 * which runs them through this yoga's plugins. Limits against abusive queries live here.
 */
export function createGraph(config: Config) {
  const fast = new GraphFastPath(graphErrorMasker(config), CurrentResponse);
  const yoga = createYoga<GraphContext>({
    schema,
    fetchAPI: { Response: CurrentResponse },
    graphqlEndpoint: '/api/v2/graph',
    graphiql: config.graphDevTools,
    landingPage: false,
    maskedErrors: { maskError: graphErrorMasker(config), errorMessage: 'Unexpected error.', isDev: false },
    // The app calls its own origin; no cross-origin browser may read answers (server/http/security.ts).
    cors: false,
    // One operation per request: a batch would multiply what one request may try (e.g. password guesses).
    batching: false,
    // The body limit is the app's (1 MB, server/http/security.ts), counted before this route runs; yoga's
    // own (25 MB) piped every body through a TransformStream into a second Request (issue 25).
    maxRequestBodySize: false,
    plugins: [
      // A body the route read for the fast path is parsed from what was read; texts that reach execution are remembered.
      useParsedBody(),
      fast.learner(),
      useRefuseNul(),
      // No introspection outside development; __typename keeps answering.
      useNoIntrospection(!config.graphDevTools),
      // Per operation: token_expired, access_denied, mfa_*, password_change_required, imitation codes and no_current_user (01 §8).
      useAuthGate(),
      // NEN 7513: who read which participant's record (and saw a BSN), with the whole chain.
      useAuditedReads(),
      // Rows asked (page size × selection, nested lists multiply) refused over the budget before running; per-user rate limit.
      useRowCost(config.graphRateLimit ? new RateLimiter() : null),
      // NEN 7513: which participants a list or pull page answered, one row per request.
      useParticipantReadLog(),
      // A pushed batch of declared writes runs in one transaction, a savepoint per write.
      useWriteBatches(),
      // Read replicas: graph queries are not writes a session must read back (server/sync/read-route.ts).
      useReadOnlyOperations(),
      // Pull pages: the documents' JSON text as PostgreSQL built it goes into the answer unparsed.
      useRawJson(),
      EnvelopArmorPlugin({
        maxDepth: { n: 10 },
        // A pushed batch is one aliased field per write (r0, r1, ...): the client never sends more.
        maxAliases: { n: PUSH_BATCH_MAX },
        costLimit: { maxCost: 20000 },
        maxDirectives: { n: 20 },
        maxTokens: { n: 5000 },
        blockFieldSuggestion: { enabled: !config.graphDevTools },
      }),
    ],
  });
  fast.attach(yoga);
  return { yoga, fast };
}
