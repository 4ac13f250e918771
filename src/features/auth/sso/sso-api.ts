import { parseNextSteps, setPendingSteps } from '../../../lib/api/auth-flow-state';

/**
 * The browser side of single sign-on (issue 24, docs/decisions-sso.md). `/sso/:id` starts the flow at the
 * server (which keeps state, nonce and the PKCE verifier) and goes to the provider; the provider sends the
 * browser back to `/oauth/authorization-code`, which hands the answer to the `oauth/token` SSO grant.
 * Between the two pages the tab remembers which adapter it went to (session storage, nothing secret).
 */
const FLOW_KEY = 'werkpad.ssoFlow';

export interface PendingSsoFlow {
  uuid: string;
  label: string;
  link: boolean;
  redirectUri: string | null;
}

export function rememberSsoFlow(flow: PendingSsoFlow): void {
  try {
    sessionStorage.setItem(FLOW_KEY, JSON.stringify(flow));
  } catch {
    // storage full or blocked: the return page says the flow is unknown
  }
}

export function pendingSsoFlow(): PendingSsoFlow | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(FLOW_KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const v = value as Record<string, unknown>;
    if (typeof v.uuid !== 'string' || typeof v.label !== 'string') return null;
    return { uuid: v.uuid, label: v.label, link: v.link === true, redirectUri: typeof v.redirectUri === 'string' ? v.redirectUri : null };
  } catch {
    return null;
  }
}

export function forgetSsoFlow(): void {
  try {
    sessionStorage.removeItem(FLOW_KEY);
  } catch {
    // nothing to forget
  }
}

export type SsoAnswer<T> = { ok: true; value: T } | { ok: false; code: string | null; messageKey: string | null; network: boolean };

async function post<T>(path: string, init: { json?: unknown; form?: Record<string, string> }, read: (body: unknown) => T | null): Promise<SsoAnswer<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'include',
      headers: { accept: 'application/json', 'content-type': init.form ? 'application/x-www-form-urlencoded' : 'application/json' },
      body: init.form ? new URLSearchParams(init.form).toString() : JSON.stringify(init.json ?? {}),
    });
  } catch {
    return { ok: false, code: null, messageKey: null, network: true };
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  const field = (key: string): string | null => {
    const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[key] : undefined;
    return typeof value === 'string' ? value : null;
  };
  if (!response.ok) return { ok: false, code: field('error'), messageKey: field('messageKey'), network: false };
  const value = read(body);
  return value === null ? { ok: false, code: null, messageKey: null, network: false } : { ok: true, value };
}

/** POST /api/oauth/sso/start → the provider's authorization address. */
export function startSso(uuid: string, link: boolean): Promise<SsoAnswer<string>> {
  return post('/api/oauth/sso/start', { json: { uuid, link } }, (body) => {
    const url = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).authorizationUrl : null;
    return typeof url === 'string' && /^https?:\/\//.test(url) ? url : null;
  });
}

/**
 * The SSO grant: `POST /api/oauth/token` grant_type=sso, uuid, payload (the return's query string). Answers
 * 'signed-in' (the session cookie is set; the next steps are pending, as after a password) or 'linked'.
 */
export function finishSso(uuid: string, payload: string): Promise<SsoAnswer<'signed-in' | 'linked'>> {
  return post('/api/oauth/token', { form: { grant_type: 'sso', uuid, payload } }, (body) => {
    if (typeof body !== 'object' || body === null) return null;
    if ((body as Record<string, unknown>).linked === true) return 'linked';
    if (typeof (body as Record<string, unknown>).access_token !== 'string') return null;
    setPendingSteps(parseNextSteps(body));
    return 'signed-in';
  });
}

/** The button text of an enabled adapter (from `POST /api/oauth/sso-buttons`), or null when there is none. */
export async function adapterLabel(uuid: string): Promise<string | null> {
  const answer = await post('/api/oauth/sso-buttons', { json: {} }, (body) => (Array.isArray(body) ? (body as unknown[]) : null));
  if (!answer.ok) return null;
  for (const item of answer.value) {
    if (typeof item === 'object' && item !== null && (item as Record<string, unknown>).uuid === uuid) {
      const label = (item as Record<string, unknown>).label;
      return typeof label === 'string' ? label : null;
    }
  }
  return null;
}
