import SchemaBuilder from '@pothos/core';
import type { GraphContext } from './context';

export const builder = new SchemaBuilder<{
  Context: GraphContext;
  DefaultFieldNullability: false;
  Scalars: {
    ID: { Input: string; Output: string | number };
    JSON: { Input: unknown; Output: unknown };
  };
}>({
  defaultFieldNullability: false,
});

builder.queryType({});
builder.mutationType({});

builder.scalarType('JSON', {
  serialize: (value) => value,
  parseValue: (value) => value,
});

/** Values a reason code's text needs (`{ minutes: 15 }`, `{ field: 'password' }`). */
export type ReasonParams = Readonly<Record<string, string | number>>;

/**
 * Every mutation answers {success, reason} (01 §7). `reason` is a reason code (an i18n key of the
 * locale files), never a sentence; `params` carries the values its text needs. The client translates.
 */
export interface MutationResultShape {
  success: boolean;
  reason: string | null;
  params?: ReasonParams | null;
}

export const MutationResult = builder.objectRef<MutationResultShape>('MutationResult').implement({
  description: 'The answer of every mutation: success, and the reason code (an i18n key, with params) when it failed.',
  fields: (t) => ({
    success: t.exposeBoolean('success'),
    reason: t.exposeString('reason', { nullable: true, description: 'A reason code (an i18n key); the client translates it with params.' }),
    params: t.field({ type: 'JSON', nullable: true, description: 'Values for the reason\'s text (minutes, field, ...).', resolve: (r) => r.params ?? null }),
  }),
});

export const ok = (): MutationResultShape => ({ success: true, reason: null });
export const fail = (reason: string, params?: ReasonParams): MutationResultShape => ({ success: false, reason, ...(params ? { params } : {}) });
