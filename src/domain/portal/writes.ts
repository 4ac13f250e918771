/**
 * The portal's declared writes (src/domain/writes/define.ts): the screens call
 * `syncApi().portal.<action>(input, extra)`, the worker checks the input and applies the optimistic
 * change, the server registers the same names (server/graph/types/participant-workplaces.ts,
 * participant-targets.ts). Uploads and the user-settings writes still go through the portal's own
 * queue (docs/decisions-portal.md).
 */
import { defineWrite } from '../writes/define';
import { DeleteDocumentSchema } from './documents';
import { SetTargetSchema } from './targets';
import { WorkplaceApplicationSchema } from './workplaces';

/** The participant the optimistic document belongs to (the replica lists a participant's rows by it). */
export interface ParticipantExtra {
  participantId: number;
}

export const portalWrites = {
  deleteDocument: defineWrite({
    mutation: 'participantDeleteDocument',
    input: DeleteDocumentSchema,
    document: { collection: 'files', target: (i) => i.uuid, mode: 'delete' },
  }),
  applyForWorkplace: defineWrite<typeof WorkplaceApplicationSchema, ParticipantExtra>({
    mutation: 'workplaceApplication',
    input: WorkplaceApplicationSchema,
    document: { collection: 'workplaceApplications', target: (i) => i.uuid, mode: 'create' },
    patch: (i, ctx) => ({
      uuid: i.uuid,
      participantId: ctx.participantId,
      workplaceId: i.workplaceId,
      motivation: i.motivation || null,
      status: 'submitted',
      createdAt: ctx.now,
    }),
    displayOnly: ['participantId', 'status', 'createdAt'],
  }),
  setTarget: defineWrite<typeof SetTargetSchema, ParticipantExtra>({
    mutation: 'setParticipantTarget',
    input: SetTargetSchema,
    document: { collection: 'participantTargets', target: (i) => i.uuid, mode: 'upsert' },
    patch: (i, ctx) => ({
      participantId: ctx.participantId,
      description: i.description,
      targetDate: i.targetDate ?? null,
      achievedAt: i.achieved ? ctx.now : null,
    }),
    displayOnly: ['participantId', 'achievedAt'],
  }),
};
