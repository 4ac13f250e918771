import { graphMutation, graphRequest, type MutationResult } from '../../lib/api/client';

export interface InvitationInput {
  username: string;
  email: string;
  roleId: string;
  givenName?: string;
  surname?: string;
  projectId?: string;
  participantId?: string;
}

export async function addInvitation(input: InvitationInput): Promise<MutationResult> {
  const data = await graphRequest<{ addInvitation: MutationResult }>('mutation($input: InvitationInput!) { addInvitation(input: $input) { success reason params id } }', { input });
  return data.addInvitation;
}
export const resendInvitation = (id: string) => graphMutation('resendInvitation', 'mutation($id: ID!) { resendInvitation(id: $id) { success reason params } }', { id });
export const deleteInvitation = (id: string) => graphMutation('deleteInvitation', 'mutation($id: ID!) { deleteInvitation(id: $id) { success reason params } }', { id });
