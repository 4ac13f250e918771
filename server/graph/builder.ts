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

/** Every mutation answers {success, reason} (01 §7). */
export interface MutationResultShape {
  success: boolean;
  reason: string | null;
}

export const MutationResult = builder.objectRef<MutationResultShape>('MutationResult').implement({
  description: 'The answer of every mutation: success, and the reason when it failed.',
  fields: (t) => ({
    success: t.exposeBoolean('success'),
    reason: t.exposeString('reason', { nullable: true }),
  }),
});

export const ok = (): MutationResultShape => ({ success: true, reason: null });
export const fail = (reason: string): MutationResultShape => ({ success: false, reason });
