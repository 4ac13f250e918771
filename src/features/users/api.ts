import { graphMutation, graphRequest, apiFetch, GRAPH_ENDPOINT, type MutationResult } from '../../lib/api/client';
import { syncApi } from '../../lib/sync-client';
import type { WriteInput } from '../../domain/writes/define';
import type { userWrites } from '../../domain/users/writes';

type UpdateUserInput = WriteInput<typeof userWrites.update>;

/**
 * The user screens' writes. Until the declared-writes framework lands they are online mutations;
 * the replica receives the result through the next pull (the server pokes the worker).
 */
export interface UserFormValues {
  id?: string;
  username?: string;
  roleId?: string;
  givenName?: string;
  initials?: string;
  surname?: string;
  email?: string;
  phone?: string;
  sex?: string;
  dateOfBirth?: string;
  personalCode?: string;
  sbbUserCode?: string;
  projectId?: string;
  accessToAllParticipants?: boolean;
  wageValueExpert?: boolean;
  experienceCoaching?: string;
  experienceNotes?: string;
  notes?: string;
}

export interface CreateAnswer extends MutationResult {
  id: string | null;
}

export async function addUser(input: UserFormValues): Promise<CreateAnswer> {
  const data = await graphRequest<{ addUser: CreateAnswer }>('mutation($input: UserInput!) { addUser(input: $input) { success reason params id } }', { input });
  return data.addUser;
}

/**
 * Update, a declared write (offline too): username and role are not sent; company and project are
 * left out when empty (01 §5). Answers the client mutation id; a refusal comes back on the changes page.
 */
export function updateUser(input: UpdateUserInput): Promise<string> {
  const { projectId, ...rest } = input;
  return syncApi().users.update(projectId === '' || projectId === undefined || projectId === null ? rest : { ...rest, projectId });
}

export const blockUser = (id: string) => graphMutation('blockUser', 'mutation($id: ID) { blockUser(id: $id) { success reason params } }', { id });
export const unblockUser = (id: string) => graphMutation('unblockUser', 'mutation($id: ID) { unblockUser(id: $id) { success reason params } }', { id });
export const resetUserMfa = (userId: string) =>
  graphMutation('resetUserMfa', 'mutation($userId: ID!) { resetUserMfa(userId: $userId) { success reason params } }', { userId });
export const setImitationOptions = (userId: string, userIds: string[]) =>
  graphMutation('setImitationOptions', 'mutation($userId: ID!, $userIds: [ID!]!) { setImitationOptions(userId: $userId, userIds: $userIds) { success reason params } }', { userId, userIds });
export const addSearchHistory = (subject: string, data: unknown) =>
  graphMutation('addSearchHistory', 'mutation($subject: String!, $data: JSON!) { addSearchHistory(subject: $subject, data: $data) { success reason params } }', { subject, data });
export const clearSearchHistory = (subject: string) =>
  graphMutation('clearSearchHistory', 'mutation($subject: String) { clearSearchHistory(subject: $subject) { success reason params } }', { subject });
export const updateSearchSettings = (subject: string, settings: { columns: string[]; showCaseload: boolean; pagination: { rowsPerPage: number; sortBy: string | null; descending: boolean } }) =>
  graphMutation(
    'updateSearchSettings',
    'mutation($subject: String!, $columns: JSON, $showCaseload: Boolean, $pagination: JSON) { updateSearchSettings(subject: $subject, columns: $columns, showCaseload: $showCaseload, pagination: $pagination) { success reason params } }',
    { subject, ...settings },
  );

/** The user's imitation options (not replicated as a list): asked of the server. */
export async function fetchImitationOptions(userId: string): Promise<string[]> {
  const data = await graphRequest<{ user: { imitationOptions: { id: string }[] } | null }>('query($id: ID!) { user(id: $id) { imitationOptions { id } } }', { id: userId });
  return data.user?.imitationOptions.map((u) => String(u.id)) ?? [];
}

/** Avatar upload: multipart graph request with the file part (01 §7). Without a file the avatar is removed. */
export async function setUserAvatar(file: File | null): Promise<MutationResult> {
  const form = new FormData();
  form.set('query', 'mutation { setUserAvatar { success reason params } }');
  if (file) form.set('file', file);
  const response = await apiFetch(GRAPH_ENDPOINT, { method: 'POST', body: form });
  const body = (await response.json()) as { data?: { setUserAvatar?: MutationResult } };
  return body.data?.setUserAvatar ?? { success: false, reason: null };
}
