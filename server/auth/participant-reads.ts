import type { Plugin } from 'graphql-yoga';
import type { GraphContext } from '../graph/context';
import type { Viewer } from './viewer';
import { audit } from './audit';

/**
 * NEN 7513 / BIO 8.15 (issue 20): every list and pull page that answers participant data names the
 * participants read (ids, never their data). Resolvers note the ids; one audit row per request
 * (`participant.list_read`, details.participantIds and which fields read them) is written when the
 * request has run, stamped by the server's clock, with the whole impersonation chain.
 */
interface Reads { viewer: Viewer; ip: string; ids: Set<number>; via: Set<string> }
const pending = new WeakMap<object, Reads>();

export function noteParticipantReads(ctx: { request: Request; viewer: Viewer | null; ip: string }, ids: Iterable<number | string>, via: string): void {
  if (!ctx.viewer) return;
  let r = pending.get(ctx.request);
  if (!r) pending.set(ctx.request, (r = { viewer: ctx.viewer, ip: ctx.ip, ids: new Set(), via: new Set() }));
  for (const id of ids) {
    const n = Number(id);
    if (Number.isSafeInteger(n) && n > 0) r.ids.add(n);
  }
  r.via.add(via);
}

export function useParticipantReadLog(): Plugin<GraphContext> {
  return {
    onExecute({ args }) {
      const ctx = args.contextValue as GraphContext;
      return {
        async onExecuteDone() {
          const r = pending.get(ctx.request);
          if (!r || r.ids.size === 0) return;
          pending.delete(ctx.request);
          const participantIds = [...r.ids].sort((a, b) => a - b);
          try {
            await audit(ctx.db, {
              viewer: r.viewer, action: 'participant.list_read', subjectType: 'participant',
              subjectId: participantIds.length === 1 ? participantIds[0] : null,
              details: { participantIds, via: [...r.via].sort(), rows: participantIds.length }, ip: r.ip,
            });
          } catch (err) {
            console.error('audit of participant reads failed', err);
          }
        },
      };
    },
  };
}
