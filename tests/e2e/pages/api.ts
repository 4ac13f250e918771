import { request, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './demo-users';

/** A request context of its own (its own cookies), signed in as `username`, for looking up ids. */
export async function signedInApi(baseURL: string, username: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  const response = await api.post('/api/oauth/token', { form: { grant_type: 'password', username, password: DEMO_PASSWORD } });
  if (!response.ok()) throw new Error(`sign-in of ${username} failed: ${response.status()}`);
  return api;
}

export async function graph<T>(api: APIRequestContext, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await api.post('/api/v2/graph', { data: { query, variables } });
  const body = (await response.json()) as { data: T; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join(', '));
  return body.data;
}

/** The id of a user the signed-in user can see, by username. */
export async function userId(api: APIRequestContext, username: string): Promise<number> {
  const data = await graph<{ users: { records: { id: string; username: string }[] } }>(
    api,
    'query($s: String) { users(search: $s, perPage: 0) { records { id username } } }',
    { s: username },
  );
  const found = data.users.records.find((u) => u.username === username);
  if (!found) throw new Error(`user ${username} not found`);
  return Number(found.id);
}
