import * as v from 'valibot';
import { Role } from '../shared/roles';
import { hostIsInternal } from '../shared/ip-address';

/**
 * Authentication adapters of a company (01 §3): a protocol from the server's catalogue with its settings.
 * The settings are JSON, checked per adapter type; the sign-in side (server/auth/sso.ts) reads them.
 */
const url = (key: string) => v.pipe(v.string(`admin.errors.adapter.${key}`), v.trim(), v.url(`admin.errors.adapter.${key}`), v.startsWith('https://', `admin.errors.adapter.${key}`));
/**
 * An issuer: https to a host that is no internal address or name (issue 38: 127.0.0.1, 10.0.0.1, 169.254.169.254,
 * [::1], localhost … are refused, the server would connect there); plain http only on a loopback address (the
 * server also needs WERKPAD_SSO_LOOPBACK_ISSUERS for that).
 */
const issuerUrl = v.pipe(
  v.string('admin.errors.adapter.issuer'),
  v.trim(),
  v.url('admin.errors.adapter.issuer'),
  v.regex(/^(https:\/\/|http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/|$))/, 'admin.errors.adapter.issuer'),
  v.check((issuer) => !issuerIsInternal(issuer), 'admin.errors.adapter.issuerPrivate'),
);

function issuerIsInternal(issuer: string): boolean {
  if (!issuer.startsWith('https:')) return false;
  try {
    return hostIsInternal(new URL(issuer).hostname);
  } catch {
    return false; // not a URL: the url check names it
  }
}
const text = (key: string, max = 500) => v.pipe(v.string(`admin.errors.adapter.${key}`), v.trim(), v.nonEmpty(`admin.errors.adapter.${key}`), v.maxLength(max, `admin.errors.adapter.${key}`));

/**
 * Provisioning (issue 24, off by default): an unknown subject with a verified e-mail becomes a new user with
 * `defaultRoleId` (any role of the company but participant); off, unknown subjects are refused.
 */
const provisioning = {
  provisionUsers: v.optional(v.boolean('admin.errors.adapter.provisionUsers')),
  defaultRoleId: v.optional(v.pipe(v.number('admin.errors.adapter.defaultRoleId'), v.integer('admin.errors.adapter.defaultRoleId'), v.minValue(1, 'admin.errors.adapter.defaultRoleId'))),
};

export const ADAPTER_SETTINGS = {
  oidc: v.strictObject(
    {
      issuer: issuerUrl,
      clientId: text('clientId'),
      clientSecret: text('clientSecret'),
      scopes: v.optional(v.pipe(v.array(v.pipe(v.string(), v.regex(/^[\w:./-]+$/, 'admin.errors.adapter.scopes'))), v.maxLength(20, 'admin.errors.adapter.scopes'))),
      ...provisioning,
    },
    'admin.errors.adapter.unknownSetting',
  ),
  saml2: v.strictObject(
    {
      entityId: text('entityId'),
      ssoUrl: url('ssoUrl'),
      idpCertificate: v.pipe(v.string('admin.errors.adapter.idpCertificate'), v.regex(/-----BEGIN CERTIFICATE-----/, 'admin.errors.adapter.idpCertificate')),
    },
    'admin.errors.adapter.unknownSetting',
  ),
  entra_id: v.strictObject(
    {
      tenantId: v.pipe(v.string('admin.errors.adapter.tenantId'), v.uuid('admin.errors.adapter.tenantId')),
      clientId: v.pipe(v.string('admin.errors.adapter.clientId'), v.uuid('admin.errors.adapter.clientId')),
      clientSecret: text('clientSecret'),
      ...provisioning,
    },
    'admin.errors.adapter.unknownSetting',
  ),
} as const;
export type AdapterType = keyof typeof ADAPTER_SETTINGS;
export const ADAPTER_TYPES = Object.keys(ADAPTER_SETTINGS) as AdapterType[];

export function isAdapterType(value: string): value is AdapterType {
  return Object.hasOwn(ADAPTER_SETTINGS, value);
}

/** Parses the settings text of an adapter: null key when valid, else the first problem's key. */
export function adapterSettingsProblem(adapter: string, settings: string): string | null {
  if (!isAdapterType(adapter)) return 'admin.errors.adapter.adapter';
  let value: unknown;
  try {
    value = JSON.parse(settings);
  } catch {
    return 'admin.errors.adapter.json';
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'admin.errors.adapter.json';
  const schema = ADAPTER_SETTINGS[adapter];
  // a required setting left out is named by its own message (the object's message is for unknown keys)
  const entries: Record<string, { type: string }> = schema.entries;
  const missing = Object.entries(entries).find(([key, entry]) => entry.type !== 'optional' && !(key in value));
  if (missing) return `admin.errors.adapter.${missing[0]}`;
  const parsed = v.safeParse(schema, value);
  if (!parsed.success) return parsed.issues[0]?.message ?? 'admin.errors.adapter.json';
  const p = parsed.output as { provisionUsers?: boolean; defaultRoleId?: number };
  if (p.provisionUsers === true && (p.defaultRoleId === undefined || p.defaultRoleId === Role.participant)) return 'admin.errors.adapter.defaultRoleId';
  return null;
}

export const AuthAdapterInputSchema = v.pipe(
  v.object({
    uuid: v.nullish(v.pipe(v.string(), v.uuid('admin.errors.adapter.notFound'))),
    adapter: v.pipe(v.string('admin.errors.adapter.adapter'), v.check(isAdapterType, 'admin.errors.adapter.adapter')),
    label: v.pipe(v.string('admin.errors.adapter.label'), v.trim(), v.nonEmpty('admin.errors.adapter.label'), v.maxLength(100, 'admin.errors.adapter.label')),
    settings: v.pipe(v.string('admin.errors.adapter.json'), v.maxLength(20000, 'admin.errors.adapter.json')),
    notes: v.nullish(v.pipe(v.string(), v.maxLength(2000, 'admin.errors.adapter.notes'))),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const problem = adapterSettingsProblem(dataset.value.adapter, dataset.value.settings);
    if (problem) addIssue({ message: problem, path: [{ type: 'object', origin: 'value', input: dataset.value, key: 'settings', value: dataset.value.settings }] });
  }),
);
export type AuthAdapterInput = v.InferOutput<typeof AuthAdapterInputSchema>;
