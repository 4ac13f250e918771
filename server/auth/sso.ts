import { createHash, randomBytes } from 'node:crypto';
import * as client from 'openid-client';
import type { Queryable } from '../db/db';
import type { Config } from '../config';
import type { AuthSettings } from './settings';
import type { NextStep } from '../../src/domain/auth/error-codes';
import { Visibility } from '../../src/domain/shared/visibility';
import { Role } from '../../src/domain/shared/roles';
import { isAdapterType, type AdapterType } from '../../src/domain/company-settings/auth-adapters';
import { SSO_FLOW_MINUTES, type SsoReason } from '../../src/domain/auth/sso';
import { secretBoxFor } from './secret-box';
import { createSession } from './session';
import { audit } from './audit';
import { nextSteps } from './sign-in';
import { anonymousAuditRetryAt, auditAnonymous, retryAfterSeconds } from './anonymous-audit';
import { issuerAllowed, issuerFetch, SSO_TIMEOUT_SECONDS } from './sso-outbound';

export { issuerAllowed, SSO_TIMEOUT_SECONDS };

/**
 * Single sign-on with OpenID Connect (issue 24, docs/decisions-sso.md): authorization code with PKCE
 * (S256), state and nonce, through a company's authentication adapter (oidc, or entra_id as a preset).
 *
 * startSsoFlow: the server keeps the flow (state hashed, verifier and nonce encrypted) in sso_flows, bound
 * to the starting browser by a random cookie value (hashed); it answers the provider's authorization URL.
 * finishSsoFlow: the `oauth/token` SSO grant (uuid + payload = the callback's query): checks the flow
 * once, exchanges the code, validates the ID token (issuer, audience, nonce, signature via the provider's
 * keys), then matches the user by issuer + subject in user_identities, never by e-mail. A signed-in
 * user who starts a flow to link gets the subject linked to their account instead.
 * Every outbound request goes to the adapter's issuer host only, through the outbound guard (sso-outbound.ts).
 */

export const SSO_BROWSER_COOKIE = 'sso_flow';
const ENCRYPTED_SETTINGS = ['clientSecret', 'idpCertificate'] as const;

export interface AdapterRecord {
  id: number;
  uuid: string;
  companyId: number;
  type: AdapterType;
  label: string;
  settings: Record<string, unknown>;
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The issuer a stored adapter points at: its own (oidc), or Microsoft's per tenant (entra_id). */
export function issuerOf(adapter: Pick<AdapterRecord, 'type' | 'settings'>): string | null {
  if (adapter.type === 'entra_id') {
    const tenant = adapter.settings.tenantId;
    return typeof tenant === 'string' ? `https://login.microsoftonline.com/${encodeURIComponent(tenant)}/v2.0` : null;
  }
  if (adapter.type === 'oidc') return typeof adapter.settings.issuer === 'string' ? adapter.settings.issuer : null;
  return null;
}

/** Encrypts an adapter's secrets for storage (values already encrypted stay as they are). */
export function sealAdapterSettings(config: Config, settings: Record<string, unknown>): Record<string, unknown> {
  const box = secretBoxFor(config);
  const out = { ...settings };
  for (const key of ENCRYPTED_SETTINGS) {
    const value = out[key];
    if (typeof value === 'string' && value !== '' && !value.startsWith('v1:')) out[key] = box.encrypt(value);
  }
  return out;
}

/** The plain settings of a stored adapter (null for a secret no key opens). */
export function openAdapterSettings(config: Config, settings: Record<string, unknown>): Record<string, unknown> {
  const box = secretBoxFor(config);
  const out = { ...settings };
  for (const key of ENCRYPTED_SETTINGS) {
    const value = out[key];
    if (typeof value === 'string') out[key] = box.decrypt(value);
  }
  return out;
}

interface AdapterRow {
  id: string;
  uuid: string;
  company_id: string;
  adapter_id: string;
  label: string;
  settings: Record<string, unknown>;
}

/** An enabled, not deleted adapter by uuid, with its secrets opened. */
export async function loadAdapter(db: Queryable, config: Config, uuid: string): Promise<AdapterRecord | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(uuid)) return null;
  const { rows } = await db.query<AdapterRow>(
    `SELECT t.id, t.uuid, t.company_id, t.adapter_id, t.label, t.settings
       FROM company_authentication_adapters t JOIN companies c ON c.id = t.company_id
      WHERE t.uuid = $1 AND t.enabled AND t.deleted_at IS NULL AND c.deleted_at IS NULL`,
    [uuid],
  );
  const row = rows[0];
  if (!row || !isAdapterType(row.adapter_id)) return null;
  return { id: Number(row.id), uuid: row.uuid, companyId: Number(row.company_id), type: row.adapter_id, label: row.label, settings: openAdapterSettings(config, row.settings) };
}

export interface SsoButtonRow {
  uuid: string;
  label: string;
  protocol: AdapterType;
}

/** The sign-in buttons: enabled OpenID Connect / Entra ID adapters, of one company when its uri is given. */
export async function ssoButtons(db: Queryable, company?: string): Promise<SsoButtonRow[]> {
  const { rows } = await db.query<{ uuid: string; label: string; adapter_id: string }>(
    `SELECT t.uuid, t.label, t.adapter_id
       FROM company_authentication_adapters t JOIN companies c ON c.id = t.company_id
      WHERE t.enabled AND t.deleted_at IS NULL AND c.deleted_at IS NULL AND t.adapter_id IN ('oidc', 'entra_id')
        AND ($1::text IS NULL OR c.uri = $1)
      ORDER BY t.label, t.id`,
    [company ?? null],
  );
  return rows.flatMap((r) => (isAdapterType(r.adapter_id) ? [{ uuid: r.uuid, label: r.label, protocol: r.adapter_id }] : []));
}

export class SsoError extends Error {
  constructor(
    readonly reason: SsoReason,
    readonly status: 400 | 403 | 429 | 502 = 400,
    readonly detail?: string,
    /** Seconds to wait (sso_throttled): the route sends it as Retry-After. */
    readonly retryAfter?: number,
  ) {
    super(reason);
  }
}

async function providerConfig(config: Config, adapter: AdapterRecord): Promise<client.Configuration> {
  if (adapter.type === 'saml2') throw new SsoError('sso_protocol_unsupported');
  const issuer = issuerOf(adapter);
  const clientId = adapter.settings.clientId;
  const secret = adapter.settings.clientSecret;
  if (!issuer || !issuerAllowed(issuer, config) || typeof clientId !== 'string') throw new SsoError('sso_adapter_incomplete');
  if (typeof secret !== 'string' || secret === '') throw new SsoError('sso_adapter_incomplete', 400, 'client secret missing or not readable with the current key');
  const issuerUrl = new URL(issuer);
  const fetcher = issuerFetch(issuerUrl, config);
  try {
    const configuration = await client.discovery(issuerUrl, clientId, undefined, client.ClientSecretPost(secret), {
      [client.customFetch]: fetcher,
      timeout: SSO_TIMEOUT_SECONDS,
      ...(issuerUrl.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {}),
    });
    configuration[client.customFetch] = fetcher;
    configuration.timeout = SSO_TIMEOUT_SECONDS;
    return configuration;
  } catch (error) {
    if (error instanceof SsoError) throw error;
    throw new SsoError('sso_provider_unreachable', 502, error instanceof Error ? error.message : String(error));
  }
}

export const redirectUriOf = (config: Pick<Config, 'publicUrl'>): string => `${config.publicUrl.replace(/\/$/, '')}/oauth/authorization-code`;

export interface StartedFlow {
  authorizationUrl: string;
  /** The cookie value that binds the flow to this browser. */
  browserToken: string;
  expiresAt: Date;
}

/** Starts a sign-in (or, with linkUserId, a link of the signed-in user) at the adapter's provider. */
export async function startSsoFlow(db: Queryable, config: Config, settings: AuthSettings, adapter: AdapterRecord, linkUserId: number | null): Promise<StartedFlow> {
  const configuration = await providerConfig(config, adapter);
  const box = secretBoxFor(config);
  const state = client.randomState();
  const nonce = client.randomNonce();
  const verifier = client.randomPKCECodeVerifier();
  const challenge = await client.calculatePKCECodeChallenge(verifier);
  const browserToken = randomBytes(32).toString('base64url');
  const now = settings.now();
  const expiresAt = new Date(now.getTime() + SSO_FLOW_MINUTES * 60_000);
  const scopes = Array.isArray(adapter.settings.scopes) ? adapter.settings.scopes.filter((s): s is string => typeof s === 'string') : [];
  // Provisioning needs the verified e-mail and the name of an unknown account.
  if (adapter.settings.provisionUsers === true) for (const s of ['email', 'profile']) if (!scopes.includes(s)) scopes.push(s);
  await db.query(`DELETE FROM sso_flows WHERE expires_at < $1`, [now]);
  await db.query(
    `INSERT INTO sso_flows (id, company_id, adapter_id, browser_hash, code_verifier, nonce, link_user_id, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [sha256(state), adapter.companyId, adapter.id, sha256(browserToken), box.encrypt(verifier), box.encrypt(nonce), linkUserId, now, expiresAt],
  );
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUriOf(config),
    scope: ['openid', ...scopes.filter((s) => s !== 'openid')].join(' '),
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { authorizationUrl: url.href, browserToken, expiresAt };
}

export type FinishedFlow =
  | { kind: 'session'; token: string; expiresAt: Date; userId: number; next: NextStep[] }
  | { kind: 'linked'; userId: number };

interface FlowRow {
  company_id: string;
  adapter_id: string;
  browser_hash: string;
  code_verifier: string;
  nonce: string;
  link_user_id: string | null;
}

/** Parses the SSO grant's payload: the callback's query string (with or without `?`), or its JSON object. */
export function callbackParams(payload: string): URLSearchParams {
  const text = payload.trim();
  if (text.startsWith('{')) {
    try {
      const value = JSON.parse(text) as unknown;
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        return new URLSearchParams(Object.entries(value).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])));
      }
    } catch {
      return new URLSearchParams();
    }
  }
  return new URLSearchParams(text.startsWith('?') ? text.slice(1) : text);
}

/**
 * The SSO grant. Refusals are SsoErrors with a reason code (src/domain/auth/sso.ts) and are audited.
 * `sessionUserId` is the real user of the browser's current session (a link must finish in it).
 */
export async function finishSsoFlow(
  db: Queryable,
  config: Config,
  settings: AuthSettings,
  input: { adapter: AdapterRecord; payload: string; browserToken: string | null; sessionUserId: number | null; ip: string; userAgent?: string | undefined },
): Promise<FinishedFlow> {
  const { adapter } = input;
  // Refusals are audited within the address's budget (issue 38: junk grants filled the log); past it, 429.
  const refuse = async (reason: SsoReason, status: 400 | 403 | 502 = 400, details: Record<string, unknown> = {}, userId: number | null = null): Promise<never> => {
    await auditAnonymous(db, settings, input.ip, { action: 'login.sso.refused', companyId: adapter.companyId, userId, result: 'refused', subjectType: 'authenticationAdapter', subjectId: adapter.id, details: { reason, ...details } });
    const wait = await anonymousAuditRetryAt(db, settings, input.ip);
    if (wait) throw new SsoError('sso_throttled', 429, reason, retryAfterSeconds(wait, settings.now()));
    throw new SsoError(reason, status);
  };
  const params = callbackParams(input.payload);
  const state = params.get('state');
  if (!state) return refuse('sso_flow_invalid');
  // Used once: the flow is taken in the same statement that checks it.
  const { rows } = await db.query<FlowRow>(
    `UPDATE sso_flows SET used_at = $2 WHERE id = $1 AND used_at IS NULL AND expires_at > $2 AND adapter_id = $3
     RETURNING company_id, adapter_id, browser_hash, code_verifier, nonce, link_user_id`,
    [sha256(state), settings.now(), adapter.id],
  );
  const flow = rows[0];
  if (!flow) return refuse('sso_flow_invalid');
  if (!input.browserToken || sha256(input.browserToken) !== flow.browser_hash) return refuse('sso_flow_invalid', 400, { browser: 'other' });
  if (params.get('error')) return refuse('sso_provider_refused', 400, { error: params.get('error')?.slice(0, 100) });
  const box = secretBoxFor(config);
  const verifier = box.decrypt(flow.code_verifier);
  const nonce = box.decrypt(flow.nonce);
  if (!verifier || !nonce) return refuse('sso_flow_invalid');

  const configuration = await providerConfig(config, adapter);
  let issuer: string;
  let subject: string;
  let claims: Record<string, unknown> = {};
  let accessToken: string | null = null;
  try {
    const callback = new URL(redirectUriOf(config));
    callback.search = params.toString();
    const tokens = await client.authorizationCodeGrant(configuration, callback, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce, idTokenExpected: true });
    const idClaims = tokens.claims();
    if (!idClaims?.sub || !idClaims.iss) return await refuse('sso_provider_refused', 400, { problem: 'no subject' });
    issuer = idClaims.iss;
    subject = idClaims.sub;
    claims = { ...idClaims };
    accessToken = tokens.access_token ?? null;
  } catch (error) {
    if (error instanceof SsoError) throw error;
    const detail = error instanceof Error ? error.message.slice(0, 200) : 'unknown';
    return refuse(error instanceof client.ResponseBodyError || error instanceof client.AuthorizationResponseError ? 'sso_provider_refused' : 'sso_provider_unreachable', error instanceof client.ResponseBodyError || error instanceof client.AuthorizationResponseError ? 400 : 502, { detail });
  }

  if (flow.link_user_id !== null) {
    const linkUserId = Number(flow.link_user_id);
    if (input.sessionUserId !== linkUserId) return refuse('sso_flow_invalid', 400, { link: 'session changed' }, linkUserId);
    const { rows: existing } = await db.query<{ user_id: string }>(
      `SELECT user_id FROM user_identities WHERE company_id = $1 AND issuer = $2 AND subject = $3`,
      [adapter.companyId, issuer, subject],
    );
    if (existing[0] && Number(existing[0].user_id) !== linkUserId) return refuse('sso_subject_linked_elsewhere', 403, {}, linkUserId);
    await db.query(
      `INSERT INTO user_identities (company_id, user_id, adapter_id, issuer, subject) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (company_id, adapter_id, user_id) DO UPDATE SET issuer = EXCLUDED.issuer, subject = EXCLUDED.subject, created_at = now(), last_used_at = NULL`,
      [adapter.companyId, linkUserId, adapter.id, issuer, subject],
    );
    await audit(db, { action: 'sso.link', companyId: adapter.companyId, userId: linkUserId, subjectType: 'authenticationAdapter', subjectId: adapter.id, details: { issuer }, ip: input.ip });
    return { kind: 'linked', userId: linkUserId };
  }

  const findLinked = async () =>
    (
      await db.query<{
    id: string; company_id: string; display: number; deleted_at: Date | null; mfa_active: boolean; mfa_setup: boolean; force_mfa: boolean; password_validated: boolean;
  }>(
    `SELECT u.id, u.company_id, u.display, u.deleted_at, u.mfa_active, u.mfa_setup, u.password_validated,
            coalesce(c.settings -> 'forceMfa' = 'true'::jsonb, false) AS force_mfa
       FROM user_identities i JOIN users u ON u.company_id = i.company_id AND u.id = i.user_id JOIN companies c ON c.id = u.company_id
      WHERE i.company_id = $1 AND i.issuer = $2 AND i.subject = $3`,
    [adapter.companyId, issuer, subject],
  )
    ).rows[0];
  let user = await findLinked();
  if (!user && adapter.settings.provisionUsers === true) {
    // Provisioning "if the adapter says so": only e-mail and name come from the provider, the role from the adapter.
    if (typeof claims.email !== 'string' && accessToken) {
      try {
        claims = { ...claims, ...(await client.fetchUserInfo(configuration, accessToken, subject)) };
      } catch {
        // no userinfo: refused below for want of a verified e-mail
      }
    }
    const provisioned = await provisionUser(db, adapter, { issuer, subject, claims });
    if (typeof provisioned === 'string') return refuse('sso_provisioning_refused', 403, { issuer, subject: subject.slice(0, 200), problem: provisioned });
    await audit(db, { action: 'sso.provision', companyId: adapter.companyId, userId: provisioned.userId, result: 'success', subjectType: 'user', subjectId: provisioned.userId, details: { adapter: adapter.uuid, issuer, roleId: provisioned.roleId }, ip: input.ip });
    user = await findLinked();
  }
  if (!user || user.deleted_at || user.display === Visibility.deleted || user.display === Visibility.hidden) {
    return refuse('sso_unknown_subject', 403, { issuer, subject: subject.slice(0, 200) });
  }
  const userId = Number(user.id);
  if (user.display === Visibility.blocked) return refuse('user_blocked', 403, {}, userId);
  await db.query(`UPDATE user_identities SET last_used_at = $2 WHERE company_id = $1 AND issuer = $3 AND subject = $4`, [adapter.companyId, settings.now(), issuer, subject]);
  const session = await createSession(db, { id: userId, companyId: Number(user.company_id) }, { ip: input.ip, userAgent: input.userAgent }, settings);
  await audit(db, { action: 'login.success', companyId: Number(user.company_id), userId, result: 'success', details: { via: 'sso', adapter: adapter.uuid }, ip: input.ip });
  return { kind: 'session', token: session.token, expiresAt: session.expiresAt, userId, next: nextSteps({ ...user, mfa_validated: false }) };
}

/**
 * Creates the user of an unknown subject when the adapter provisions (issue 24): a verified e-mail is required
 * (it becomes username and address; one already used as a username is refused, never linked by e-mail), the
 * role is the adapter's `defaultRoleId` when it is a live role of the company (or a global one) and not the
 * participant role. No password: the user signs in through the provider (or sets one with "forgot password").
 * The user and the subject's link are written in one statement. Answers the new user, or why not.
 */
export async function provisionUser(
  db: Queryable,
  adapter: Pick<AdapterRecord, 'id' | 'companyId' | 'settings'>,
  who: { issuer: string; subject: string; claims: Record<string, unknown> },
): Promise<{ userId: number; roleId: number } | 'email_unverified' | 'role_invalid' | 'email_in_use'> {
  const { claims } = who;
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  if (!verified || !/^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{2,}$/.test(email)) return 'email_unverified';
  const roleId = Number(adapter.settings.defaultRoleId);
  if (!Number.isInteger(roleId) || roleId === Role.participant) return 'role_invalid';
  const { rows: roles } = await db.query<{ id: string }>(
    `SELECT id FROM acl_roles WHERE id = $1 AND deleted_at IS NULL AND (company_id IS NULL OR company_id = $2)
        AND id <> $3 AND coalesce(parent_role_id, 0) <> $3`,
    [roleId, adapter.companyId, Role.participant],
  );
  if (!roles[0]) return 'role_invalid';
  const text = (key: string, max: number) => (typeof claims[key] === 'string' ? claims[key].trim().slice(0, max) : '');
  let given = text('given_name', 100);
  let family = text('family_name', 100);
  if (!given && !family) {
    const [first = '', ...rest] = text('name', 200).split(/\s+/);
    given = first;
    family = rest.join(' ');
  }
  try {
    const { rows } = await db.query<{ user_id: string }>(
      `WITH u AS (
         INSERT INTO users (company_id, acl_role_id, username, email, given_name, surname, password_hash)
         SELECT $1, $2, $3, $3, $4, $5, NULL WHERE NOT EXISTS (SELECT 1 FROM users WHERE lower(username) = lower($3))
         RETURNING id
       )
       INSERT INTO user_identities (company_id, user_id, adapter_id, issuer, subject) SELECT $1, u.id, $6, $7, $8 FROM u RETURNING user_id`,
      [adapter.companyId, roleId, email, given || null, family || null, adapter.id, who.issuer, who.subject],
    );
    return rows[0] ? { userId: Number(rows[0].user_id), roleId } : 'email_in_use';
  } catch (error) {
    if ((error as { code?: string }).code === '23505') return 'email_in_use';
    throw error;
  }
}
