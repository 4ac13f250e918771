import { createYoga } from 'graphql-yoga';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { schema } from './schema';
import type { GraphContext } from './context';
import type { Config } from '../config';
import { useAuthGate, useNoIntrospection } from '../auth/graph-gate';

/** The graph endpoint (POST /api/v2/graph). Limits against abusive queries live here. */
export function createGraph(config: Config) {
  return createYoga<GraphContext>({
    schema,
    graphqlEndpoint: '/api/v2/graph',
    graphiql: !config.production,
    landingPage: false,
    maskedErrors: config.production,
    // One operation per request: a batch would multiply what one request may try (e.g. password guesses).
    batching: false,
    plugins: [
      // No introspection in production; __typename keeps answering.
      useNoIntrospection(config.production),
      // Per operation: token_expired, access_denied, mfa_*, imitation codes and no_current_user (01 §8).
      useAuthGate(),
      EnvelopArmorPlugin({
        maxDepth: { n: 10 },
        maxAliases: { n: 30 },
        costLimit: { maxCost: 20000 },
        maxDirectives: { n: 20 },
        maxTokens: { n: 5000 },
        blockFieldSuggestion: { enabled: config.production },
      }),
    ],
  });
}
