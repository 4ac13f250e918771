import { builder } from '../builder';
import type { PushAnswer } from '../../../src/domain/sync/types';

/**
 * The answer of every replicated (outbox) mutation: the spec's {success, reason}, plus the server's
 * document when the change was based on an older revision (reason 'conflict').
 */
export const PushResult = builder.objectRef<PushAnswer>('PushResult').implement({
  fields: (t) => ({
    success: t.exposeBoolean('success'),
    reason: t.exposeString('reason', { nullable: true }),
    conflict: t.field({ type: 'JSON', nullable: true, resolve: (r) => r.conflict ?? null }),
  }),
});
