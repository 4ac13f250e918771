import * as v from 'valibot';

/**
 * Authentication adapters of a company (01 §3): a protocol from the server's catalogue with its settings.
 * The settings are JSON, checked per adapter type; the sign-in side reads them (a later issue).
 */
const url = (key: string) => v.pipe(v.string(`authAdapters.errors.${key}`), v.trim(), v.url(`authAdapters.errors.${key}`), v.startsWith('https://', `authAdapters.errors.${key}`));
const text = (key: string, max = 500) => v.pipe(v.string(`authAdapters.errors.${key}`), v.trim(), v.nonEmpty(`authAdapters.errors.${key}`), v.maxLength(max, `authAdapters.errors.${key}`));

export const ADAPTER_SETTINGS = {
  oidc: v.strictObject(
    {
      issuer: url('issuer'),
      clientId: text('clientId'),
      clientSecret: text('clientSecret'),
      scopes: v.optional(v.pipe(v.array(v.pipe(v.string(), v.regex(/^[\w:./-]+$/, 'authAdapters.errors.scopes'))), v.maxLength(20, 'authAdapters.errors.scopes'))),
    },
    'authAdapters.errors.unknownSetting',
  ),
  saml2: v.strictObject(
    {
      entityId: text('entityId'),
      ssoUrl: url('ssoUrl'),
      idpCertificate: v.pipe(v.string('authAdapters.errors.idpCertificate'), v.regex(/-----BEGIN CERTIFICATE-----/, 'authAdapters.errors.idpCertificate')),
    },
    'authAdapters.errors.unknownSetting',
  ),
  entra_id: v.strictObject(
    {
      tenantId: v.pipe(v.string('authAdapters.errors.tenantId'), v.uuid('authAdapters.errors.tenantId')),
      clientId: v.pipe(v.string('authAdapters.errors.clientId'), v.uuid('authAdapters.errors.clientId')),
      clientSecret: text('clientSecret'),
    },
    'authAdapters.errors.unknownSetting',
  ),
} as const;
export type AdapterType = keyof typeof ADAPTER_SETTINGS;
export const ADAPTER_TYPES = Object.keys(ADAPTER_SETTINGS) as AdapterType[];

export function isAdapterType(value: string): value is AdapterType {
  return Object.hasOwn(ADAPTER_SETTINGS, value);
}

/** Parses the settings text of an adapter: null key when valid, else the first problem's key. */
export function adapterSettingsProblem(adapter: string, settings: string): string | null {
  if (!isAdapterType(adapter)) return 'authAdapters.errors.adapter';
  let value: unknown;
  try {
    value = JSON.parse(settings);
  } catch {
    return 'authAdapters.errors.json';
  }
  const parsed = v.safeParse(ADAPTER_SETTINGS[adapter], value);
  return parsed.success ? null : (parsed.issues[0]?.message ?? 'authAdapters.errors.json');
}

export const AuthAdapterInputSchema = v.pipe(
  v.object({
    uuid: v.nullish(v.pipe(v.string(), v.uuid('authAdapters.errors.notFound'))),
    adapter: v.pipe(v.string('authAdapters.errors.adapter'), v.check(isAdapterType, 'authAdapters.errors.adapter')),
    label: v.pipe(v.string('authAdapters.errors.label'), v.trim(), v.nonEmpty('authAdapters.errors.label'), v.maxLength(100, 'authAdapters.errors.label')),
    settings: v.pipe(v.string('authAdapters.errors.json'), v.maxLength(20000, 'authAdapters.errors.json')),
    notes: v.nullish(v.pipe(v.string(), v.maxLength(2000, 'authAdapters.errors.notes'))),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const problem = adapterSettingsProblem(dataset.value.adapter, dataset.value.settings);
    if (problem) addIssue({ message: problem, path: [{ type: 'object', origin: 'value', input: dataset.value, key: 'settings', value: dataset.value.settings }] });
  }),
);
export type AuthAdapterInput = v.InferOutput<typeof AuthAdapterInputSchema>;
