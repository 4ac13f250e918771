import { builder } from '../builder';
import type { PushAnswer } from '../../../src/domain/sync/types';

/**
 * The answer of every replicated (outbox) mutation: the spec's {success, reason}, plus the server's
 * document when the change was based on an older revision (reason 'conflict').
 */
export const PushResult = builder.objectRef<PushAnswer>('PushResult').implement({
  fields: (t) => ({
    success: t.exposeBoolean('success'),
    reason: t.exposeString('reason', { nullable: true, description: 'A reason code; the client translates it (with params).' }),
    params: t.field({ type: 'JSON', nullable: true, description: 'Values for the reason (the field, a maximum, ...).', resolve: (r) => r.params ?? null }),
    revision: t.int({ nullable: true, description: 'The document\'s revision after the write.', resolve: (r) => r.revision ?? null }),
    conflict: t.field({
      type: 'JSON',
      nullable: true,
      description: 'With reason conflict: { serverDocument, fields } (the fields changed on both sides).',
      resolve: (r) => r.conflict ?? null,
    }),
  }),
});
