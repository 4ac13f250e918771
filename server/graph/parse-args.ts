import * as v from 'valibot';
import { GraphQLError } from 'graphql';

/**
 * Query arguments parsed with the same valibot schema a client uses. A query has no `{ success, reason }`
 * answer, so bad input answers a GraphQL error with code BAD_USER_INPUT and the rule's reason code (an
 * i18n key) and field in its extensions; never a 500.
 */
export function parseArgs<S extends v.GenericSchema>(schema: S, args: unknown): v.InferOutput<S> {
  const parsed = v.safeParse(schema, args);
  if (parsed.success) return parsed.output;
  const first = parsed.issues[0];
  const reason = first?.message && /^[a-z][A-Za-z0-9]*\.[A-Za-z0-9.]+$/.test(first.message) ? first.message : 'invalid_input';
  const field = (first?.path ?? []).map((p) => String(p.key)).join('.');
  throw new GraphQLError(reason, { extensions: { code: 'BAD_USER_INPUT', reason, ...(field ? { field } : {}) } });
}
