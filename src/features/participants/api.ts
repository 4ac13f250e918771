import { graphMutation, graphRequest, type MutationResult } from '../../lib/api/client';
import { syncApi } from '../../lib/sync-client';
import type { WriteInput } from '../../domain/writes/define';
import type { participantWrites } from '../../domain/participants/writes';

/**
 * The participant screens' writes. Edits, hiding and showing are declared writes: they apply to the
 * replica at once and reach the server through the outbox (offline too); a refusal comes back on the
 * changes page. Adding (the new id is the server's) and revealing a BSN (logged) need the server.
 */
export type ParticipantInput = Record<string, string | number | null | undefined>;

export async function addParticipant(input: ParticipantInput): Promise<MutationResult & { id: string | null }> {
  const data = await graphRequest<{ addParticipant: MutationResult & { id: string | null } }>(
    'mutation($input: ParticipantInput!) { addParticipant(input: $input) { success reason params id } }',
    { input },
  );
  return data.addParticipant;
}
export const updateParticipant = (input: WriteInput<typeof participantWrites.update>) => syncApi().participants.update(input);
export const setVisibility = (uuid: string, visible: boolean) =>
  visible ? syncApi().participants.unhide({ uuid }) : syncApi().participants.hide({ uuid });
/** Queues the audit entry of opening a participant's file (NEN 7513), offline too, with the time it was opened. */
export const logParticipantRead = (uuid: string) => syncApi().participants.recordViewed({ uuid, viewedAt: new Date().toISOString() });
export async function revealBsn(id: number): Promise<{ success: boolean; reason: string | null; bsn: string | null }> {
  const data = await graphRequest<{ revealParticipantBsn: { success: boolean; reason: string | null; bsn: string | null } }>(
    'mutation($id: ID!) { revealParticipantBsn(id: $id) { success reason bsn } }',
    { id: String(id) },
  );
  return data.revealParticipantBsn;
}

/** The caseload toggle of the participants search, kept in the user's search settings (01 §3). */
export const saveCaseloadToggle = (showCaseload: boolean) =>
  graphMutation(
    'updateSearchSettings',
    'mutation($subject: String!, $showCaseload: Boolean, $pagination: JSON) { updateSearchSettings(subject: $subject, showCaseload: $showCaseload, pagination: $pagination) { success reason params } }',
    { subject: 'participants', showCaseload, pagination: { rowsPerPage: 100, sortBy: 'name', descending: false } },
  );

export interface BsnSearchAnswer { success: boolean; reason: string | null; params: Record<string, unknown> | null; participant: { id: string; firstname: string; prefix: string | null; lastname: string } | null }
/** Finds the participant with exactly this BSN: an explicit server action, logged and limited per user (issue 20). */
export async function searchByBsn(bsn: string): Promise<BsnSearchAnswer> {
  const data = await graphRequest<{ searchParticipantByBsn: BsnSearchAnswer }>(
    'mutation($bsn: String!) { searchParticipantByBsn(bsn: $bsn) { success reason params participant { id firstname prefix lastname } } }',
    { bsn },
  );
  return data.searchParticipantByBsn;
}
