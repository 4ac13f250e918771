import * as v from 'valibot';

/**
 * Single sign-on (issue 24, docs/decisions-sso.md): the wire codes of a refused SSO sign-in and their
 * reason codes (i18n keys of nl.json / en.json), and the inputs of the SSO calls.
 */
export const SSO_FLOW_MINUTES = 10;

export const SSO_REASONS = {
  /** No link between this provider account and a user of the company. */
  sso_unknown_subject: 'auth.sso.unknownSubject',
  /** The provider account is already linked to another user of the company. */
  sso_subject_linked_elsewhere: 'auth.sso.linkedElsewhere',
  /** The flow is unknown, used, expired, of another adapter or of another browser. */
  sso_flow_invalid: 'auth.sso.flowInvalid',
  /** The provider answered with an error, or its answer did not pass the checks (state, nonce, ID token). */
  sso_provider_refused: 'auth.sso.providerRefused',
  /** The provider could not be reached in time. */
  sso_provider_unreachable: 'auth.sso.providerUnreachable',
  /** The adapter is unknown, switched off or deleted. */
  sso_adapter_unknown: 'auth.sso.adapterUnknown',
  /** The adapter lacks an issuer, client id or readable secret, or its issuer is not allowed. */
  sso_adapter_incomplete: 'auth.sso.adapterIncomplete',
  /** SAML adapters can be stored but not yet signed in with. */
  sso_protocol_unsupported: 'auth.sso.protocolUnsupported',
  /**
   * Provisioning is on but this account cannot become a user: no verified e-mail from the provider, the e-mail is
   * already someone's username, or the adapter's default role is not (or no longer) a role of the company.
   */
  sso_provisioning_refused: 'auth.sso.provisioningRefused',
  /** The account is blocked (as with a password). */
  user_blocked: 'auth.userBlocked',
  /** Too many refused sign-ins from this address (issue 38): wait Retry-After seconds. */
  sso_throttled: 'auth.sso.throttled',
} as const;
export type SsoReason = keyof typeof SSO_REASONS;

export const isSsoReason = (code: unknown): code is SsoReason => typeof code === 'string' && Object.hasOwn(SSO_REASONS, code);

const uuid = v.pipe(v.string('auth.sso.adapterUnknown'), v.trim(), v.uuid('auth.sso.adapterUnknown'));

/** POST /api/oauth/sso/start */
export const SsoStartSchema = v.object({
  uuid,
  /** true: link the signed-in user's account instead of signing in. */
  link: v.optional(v.union([v.boolean(), v.picklist(['1', '0', 'true', 'false'])])),
});

/** The SSO grant of POST /api/oauth/token: grant_type=sso, uuid (the adapter), payload (the callback's query). */
export const SsoGrantSchema = v.object({
  grant_type: v.literal('sso'),
  uuid,
  payload: v.pipe(v.string('auth.sso.flowInvalid'), v.minLength(1, 'auth.sso.flowInvalid'), v.maxLength(8000, 'auth.sso.flowInvalid')),
});
