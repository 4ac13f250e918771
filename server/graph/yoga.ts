import { createYoga } from 'graphql-yoga';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { schema } from './schema';
import type { GraphContext } from './context';
import type { Config } from '../config';

/** The graph endpoint (POST /api/v2/graph). Limits against abusive queries live here. */
export function createGraph(config: Config) {
  return createYoga<GraphContext>({
    schema,
    graphqlEndpoint: '/api/v2/graph',
    graphiql: !config.production,
    landingPage: false,
    maskedErrors: config.production,
    plugins: [
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
