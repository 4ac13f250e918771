import { graphMutation, graphRequest, type MutationResult } from '../../lib/api/client';

/**
 * The participant screens' writes. Until the declared-writes framework lands they are online
 * mutations; the replica receives the result with the next pull.
 */
export type ParticipantInput = Record<string, string | number | null | undefined>;

export async function addParticipant(input: ParticipantInput): Promise<MutationResult & { id: string | null }> {
  const data = await graphRequest<{ addParticipant: MutationResult & { id: string | null } }>(
    'mutation($input: ParticipantInput!) { addParticipant(input: $input) { success reason id } }',
    { input },
  );
  return data.addParticipant;
}
export const updateParticipant = (input: ParticipantInput) =>
  graphMutation('updateParticipant', 'mutation($input: ParticipantUpdateInput!) { updateParticipant(input: $input) { success reason } }', { input });
export const setVisibility = (id: number, visible: boolean) =>
  graphMutation('setParticipantVisibility', 'mutation($id: ID!, $visible: Boolean!) { setParticipantVisibility(id: $id, visible: $visible) { success reason } }', { id: String(id), visible });
export async function revealBsn(id: number): Promise<{ success: boolean; reason: string | null; bsn: string | null }> {
  const data = await graphRequest<{ revealParticipantBsn: { success: boolean; reason: string | null; bsn: string | null } }>(
    'mutation($id: ID!) { revealParticipantBsn(id: $id) { success reason bsn } }',
    { id: String(id) },
  );
  return data.revealParticipantBsn;
}
