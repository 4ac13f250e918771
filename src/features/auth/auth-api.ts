import * as v from 'valibot';
import type { NextStep } from '../../domain/auth/error-codes';
import { graphMutation, graphRequest, jsonBody, restJson, type MutationResult } from '../../lib/api/client';
import { parseNextSteps } from '../../lib/api/auth-flow-state';

/** Calls of the sign-in screens. They show their errors next to the form, so the catalogue stays off. */
const quiet = { catalogue: false } as const;

const MfaSetupSchema = v.object({ secret: v.string(), otpauthUri: v.string(), qrCodeDataUrl: v.string() });
export type MfaSetupData = v.InferOutput<typeof MfaSetupSchema>;

/** POST /api/oauth/mfa/secret {password}: the secret to enrol, its otpauth address and QR code (the password is asked again). */
export async function fetchMfaSetup(password: string): Promise<MfaSetupData> {
  return v.parse(MfaSetupSchema, await restJson('/api/oauth/mfa/secret', jsonBody({ password }), quiet));
}

/** POST /api/oauth/mfa/setup or /verify {code}: answers the steps still owed (a password change). */
export async function sendMfaCode(kind: 'setup' | 'verify', code: string): Promise<NextStep[]> {
  return parseNextSteps(await restJson(`/api/oauth/mfa/${kind}`, jsonBody({ code }), quiet));
}

/** POST /api/passwordreset (form-encoded): always answers the same neutral text. */
export async function requestPasswordReset(username: string): Promise<void> {
  await restJson(
    '/api/passwordreset',
    { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ username }).toString() },
    quiet,
  );
}

export function changePassword(oldPassword: string, newPassword: string): Promise<MutationResult> {
  return graphMutation(
    'changePassword',
    'mutation ChangePassword($oldPassword: String!, $newPassword: String!) { changePassword(oldPassword: $oldPassword, newPassword: $newPassword) { success reason params } }',
    { oldPassword, newPassword },
  );
}

export function resetPassword(token: string, password: string): Promise<MutationResult> {
  return graphMutation(
    'resetPassword',
    'mutation ResetPassword($token: String!, $password: String!) { resetPassword(token: $token, password: $password) { success reason params } }',
    { token, password },
    quiet,
  );
}

export function register(code: string, username: string, email: string): Promise<MutationResult> {
  return graphMutation(
    'register',
    'mutation Register($code: String!, $username: String!, $email: String!) { register(code: $code, username: $username, email: $email) { success reason params } }',
    { code, username, email },
    quiet,
  );
}

export function confirmRegistration(token: string, password: string): Promise<MutationResult> {
  return graphMutation(
    'confirmRegistration',
    'mutation ConfirmRegistration($token: String!, $password: String!) { confirmRegistration(token: $token, password: $password) { success reason params } }',
    { token, password },
    quiet,
  );
}

export function confirmInvitation(token: string, username: string | null, password: string): Promise<MutationResult> {
  return graphMutation(
    'confirmInvitation',
    'mutation ConfirmInvitation($token: String!, $username: String, $password: String!) { confirmInvitation(token: $token, username: $username, password: $password) { success reason params } }',
    { token, username, password },
    quiet,
  );
}

const InvitationSchema = v.object({
  state: v.picklist(['valid', 'expired', 'revoked', 'used', 'not_found']),
  username: v.nullable(v.string()),
  givenName: v.nullable(v.string()),
  surname: v.nullable(v.string()),
});
export type InvitationLink = v.InferOutput<typeof InvitationSchema>;

/** GET /api/invitations/:token: what the invitation is about (names only while it is valid). */
export async function fetchInvitation(token: string, signal?: AbortSignal): Promise<InvitationLink> {
  return v.parse(InvitationSchema, await restJson(`/api/invitations/${encodeURIComponent(token)}`, { method: 'GET' }, { ...quiet, signal }));
}

const ChainSchema = v.object({ chain: v.array(v.number()) });

/** POST /api/imitate {userId}: the server checks the imitation options and answers (and sets) the new chain. */
export async function startImitation(userId: number): Promise<number[]> {
  return v.parse(ChainSchema, await restJson('/api/imitate', jsonBody({ userId }), quiet)).chain;
}

/** POST /api/imitate/stop: one step back. */
export async function stopImitation(): Promise<number[]> {
  return v.parse(ChainSchema, await restJson('/api/imitate/stop', { method: 'POST' }, quiet)).chain;
}

/** POST /api/oauth/logout: while impersonating (x-imitate-user sent) it leaves only the latest impersonation. */
export async function serverLogout(): Promise<number[]> {
  return v.parse(ChainSchema, await restJson('/api/oauth/logout', { method: 'POST' }, quiet)).chain;
}

const ParticipantUserSchema = v.object({
  participant: v.nullable(v.object({ user: v.nullable(v.object({ id: v.pipe(v.union([v.string(), v.number()]), v.transform(Number)) })) })),
});

/** The login of a participant (impersonating /isdeelnemer/1 addresses carry the participant's id). */
export async function participantUserId(participantId: number): Promise<number | null> {
  const data = await graphRequest<unknown>('query ParticipantUser($id: ID!) { participant(id: $id) { user { id } } }', { id: String(participantId) });
  return v.parse(ParticipantUserSchema, data).participant?.user?.id ?? null;
}
