import * as v from 'valibot';
import { hasControlCharacter } from '../shared/input-guards';

/**
 * Importer and exporter settings (02 §3, §5): a label plus a settings object. Shared by the settings
 * screens (react-hook-form resolver) and the server (PUT transfer/{id}); messages are i18n keys.
 */
export const TRANSFER_KINDS = ['flexibleImporter', 'importer', 'exporter', 'instrumentImporter'] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];
export const isImportKind = (kind: TransferKind): boolean => kind !== 'exporter';

export const SCHEDULES = ['never', 'daily', 'weekly', 'monthly'] as const;
export type Schedule = (typeof SCHEDULES)[number];
export const METHODS = ['GET', 'POST'] as const;
export const FORMATS = ['auto', 'csv', 'json'] as const;
export const BEHAVIOURS = ['importAndUpdate', 'importOnly', 'updateOnly'] as const;
export type Behaviour = (typeof BEHAVIOURS)[number];
export const PAGINATIONS = ['none', 'page', 'offset', 'next'] as const;
export const KEY_FIELDS = ['bsn', 'identification', 'personalCode'] as const;
export type KeyField = (typeof KEY_FIELDS)[number];

/** Participant fields an import may fill (the fields of the participant form, 01 §3). */
export const PARTICIPANT_TARGETS = [
  'bsn', 'identification', 'personalCode', 'initials', 'firstname', 'prefix', 'lastname', 'email', 'phone', 'sex', 'birthdate',
  'street', 'houseNumber', 'houseNumberAddition', 'zipcode', 'city', 'municipality',
] as const;
export type ParticipantTarget = (typeof PARTICIPANT_TARGETS)[number];

/** The source element meaning "the document itself" (a CSV file, or a JSON array at the top). */
export const ROOT_ELEMENT = '$';

const text = (max: number) => v.pipe(v.string('reasons.invalidField'), v.trim(), v.maxLength(max, 'validation.maxLength'));
const required = (max: number) => v.pipe(v.string('validation.required'), v.trim(), v.nonEmpty('validation.required'), v.maxLength(max, 'validation.maxLength'));

/** An absolute http(s) address without credentials in it. */
export function isTransferUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' && !url.username && !url.password;
  } catch {
    return false;
  }
}
const url = () => v.pipe(required(2000), v.check(isTransferUrl, 'transfer.errors.urlInvalid'));
const optionalUrl = () => v.pipe(text(2000), v.check((s) => s === '' || isTransferUrl(s), 'transfer.errors.urlInvalid'));

/** A header or parameter: a token name and a value without CR, LF or other control characters (issue 38: a 500). */
const NamedValue = v.object({
  name: v.pipe(required(200), v.regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'transfer.errors.nameInvalid')),
  value: v.pipe(v.string('reasons.invalidField'), v.check((s) => !hasControlCharacter(s), 'transfer.errors.controlCharacter'), v.trim(), v.maxLength(2000, 'validation.maxLength')),
});

export const MappingRow = v.object({
  source: required(300),
  target: v.picklist(PARTICIPANT_TARGETS, 'transfer.errors.targetInvalid'),
});
export type MappingRow = v.InferOutput<typeof MappingRow>;

const PEM_PRIVATE = /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]+-----END [A-Z ]*PRIVATE KEY-----/;
const PEM_PUBLIC = /-----BEGIN (PUBLIC KEY|CERTIFICATE|RSA PUBLIC KEY)-----[\s\S]+-----END (PUBLIC KEY|CERTIFICATE|RSA PUBLIC KEY)-----/;
const PEM_CSR = /-----BEGIN (NEW )?CERTIFICATE REQUEST-----[\s\S]+-----END (NEW )?CERTIFICATE REQUEST-----/;

const SettingsObject = v.object({
  kind: v.picklist(TRANSFER_KINDS, 'transfer.errors.kindInvalid'),
  schedule: v.picklist(SCHEDULES, 'transfer.errors.scheduleInvalid'),
  // Role ids: positive safe integers (99999999999999999999 overflowed the database's bigint: issue 38).
  notifyRoles: v.pipe(
    v.array(v.pipe(v.number('reasons.invalidField'), v.safeInteger('reasons.invalidField'), v.minValue(1, 'reasons.invalidField'))),
    v.maxLength(20, 'validation.maxLength'),
  ),
  url: url(),
  method: v.picklist(METHODS, 'transfer.errors.methodInvalid'),
  format: v.picklist(FORMATS, 'transfer.errors.formatInvalid'),
  headers: v.pipe(v.array(NamedValue), v.maxLength(30, 'validation.maxLength')),
  parameters: v.pipe(v.array(NamedValue), v.maxLength(30, 'validation.maxLength')),
  /** Where the rows are in a JSON answer: a dotted path ("data.items"), or $ for the document itself. */
  sourceElement: text(300),
  keyField: v.picklist(KEY_FIELDS, 'transfer.errors.keyFieldInvalid'),
  mapping: v.pipe(v.array(MappingRow), v.maxLength(60, 'validation.maxLength')),
  oauth: v.object({
    enabled: v.boolean(),
    tokenUrl: optionalUrl(),
    clientId: text(300),
    /** Write-only: empty keeps the stored secret (clientSecretStored). */
    clientSecret: text(2000),
    clientSecretStored: v.optional(v.boolean(), false),
    scope: text(500),
  }),
  csr: v.pipe(text(20_000), v.check((s) => s === '' || PEM_CSR.test(s), 'transfer.errors.csrInvalid')),
  useKeys: v.boolean(),
  /** Write-only: empty keeps the stored key (privateKeyStored). */
  privateKey: v.pipe(text(20_000), v.check((s) => s === '' || PEM_PRIVATE.test(s), 'transfer.errors.privateKeyInvalid')),
  privateKeyStored: v.optional(v.boolean(), false),
  publicKey: v.pipe(text(20_000), v.check((s) => s === '' || PEM_PUBLIC.test(s), 'transfer.errors.publicKeyInvalid')),
  pagination: v.object({
    mode: v.picklist(PAGINATIONS, 'transfer.errors.paginationInvalid'),
    parameter: text(100),
    pageSize: v.pipe(v.number('reasons.invalidField'), v.integer('reasons.invalidField'), v.minValue(1, 'transfer.errors.pageSize'), v.maxValue(5000, 'transfer.errors.pageSize')),
    maxPages: v.pipe(v.number('reasons.invalidField'), v.integer('reasons.invalidField'), v.minValue(1, 'transfer.errors.maxPages'), v.maxValue(1000, 'transfer.errors.maxPages')),
    nextElement: text(300),
  }),
  behaviour: v.picklist(BEHAVIOURS, 'transfer.errors.behaviourInvalid'),
  createUsers: v.boolean(),
  reactivateHidden: v.boolean(),
  defaultProjectId: v.nullable(v.pipe(v.string(), v.regex(/^\d{0,15}$/, 'reasons.projectNotFound'))),
  /** Exporter: the file sent. */
  exportFormat: v.picklist(['csv', 'json'], 'transfer.errors.formatInvalid'),
});

/** The whole form: label plus settings, with the rules that join fields (02 §5). */
export const TransferFormSchema = v.pipe(
  v.object({ label: required(100), settings: SettingsObject }),
  v.forward(
    v.check((f) => !isImportKind(f.settings.kind) || f.settings.sourceElement !== '', 'transfer.errors.sourceElementRequired'),
    ['settings', 'sourceElement'] as const,
  ),
  v.forward(
    v.check((f) => !f.settings.useKeys || f.settings.privateKey !== '' || f.settings.privateKeyStored, 'transfer.errors.privateKeyRequired'),
    ['settings', 'privateKey'] as const,
  ),
  v.forward(v.check((f) => !f.settings.useKeys || f.settings.publicKey !== '', 'transfer.errors.publicKeyRequired'), ['settings', 'publicKey'] as const),
  v.forward(v.check((f) => !f.settings.oauth.enabled || f.settings.oauth.tokenUrl !== '', 'transfer.errors.tokenUrlRequired'), ['settings', 'oauth', 'tokenUrl'] as const),
  v.forward(v.check((f) => !f.settings.oauth.enabled || f.settings.oauth.clientId !== '', 'validation.required'), ['settings', 'oauth', 'clientId'] as const),
  v.forward(
    v.check((f) => !f.settings.oauth.enabled || f.settings.oauth.clientSecret !== '' || f.settings.oauth.clientSecretStored, 'transfer.errors.clientSecretRequired'),
    ['settings', 'oauth', 'clientSecret'] as const,
  ),
  v.forward(
    v.check((f) => f.settings.pagination.mode === 'none' || f.settings.pagination.mode === 'next' || f.settings.pagination.parameter !== '', 'transfer.errors.pageParameterRequired'),
    ['settings', 'pagination', 'parameter'] as const,
  ),
  v.forward(
    v.check((f) => f.settings.pagination.mode !== 'next' || f.settings.pagination.nextElement !== '', 'transfer.errors.nextElementRequired'),
    ['settings', 'pagination', 'nextElement'] as const,
  ),
  v.forward(
    v.check((f) => !isImportKind(f.settings.kind) || f.settings.mapping.some((m) => m.target === f.settings.keyField), 'transfer.errors.keyNotMapped'),
    ['settings', 'mapping'] as const,
  ),
  v.forward(
    v.check((f) => new Set(f.settings.mapping.map((m) => m.target)).size === f.settings.mapping.length, 'transfer.errors.targetTwice'),
    ['settings', 'mapping'] as const,
  ),
);
export type TransferFormInput = v.InferInput<typeof TransferFormSchema>;
export type TransferForm = v.InferOutput<typeof TransferFormSchema>;
export type TransferSettings = TransferForm['settings'];

/** The settings a new transfer of a kind starts with. */
export function defaultTransferForm(kind: TransferKind): TransferForm {
  return {
    label: '',
    settings: {
      kind,
      schedule: 'never',
      notifyRoles: [],
      url: '',
      method: 'GET',
      format: 'auto',
      headers: [],
      parameters: [],
      sourceElement: isImportKind(kind) ? ROOT_ELEMENT : '',
      keyField: 'bsn',
      mapping: [],
      oauth: { enabled: false, tokenUrl: '', clientId: '', clientSecret: '', clientSecretStored: false, scope: '' },
      csr: '',
      useKeys: false,
      privateKey: '',
      privateKeyStored: false,
      publicKey: '',
      pagination: { mode: 'none', parameter: '', pageSize: 100, maxPages: 50, nextElement: '' },
      behaviour: 'importAndUpdate',
      createUsers: false,
      reactivateHidden: false,
      defaultProjectId: null,
      exportFormat: 'csv',
    },
  };
}

/** The endpoint scanner's question (POST transfer/endpoint-scanner). */
export const ScannerRequestSchema = v.object({
  url: url(),
  method: v.optional(v.picklist(METHODS, 'transfer.errors.methodInvalid'), 'GET'),
  format: v.optional(v.picklist(FORMATS, 'transfer.errors.formatInvalid'), 'auto'),
  headers: v.optional(v.pipe(v.array(NamedValue), v.maxLength(30, 'validation.maxLength')), []),
  parameters: v.optional(v.pipe(v.array(NamedValue), v.maxLength(30, 'validation.maxLength')), []),
  sourceElement: v.optional(text(300), ''),
});
export type ScannerRequest = v.InferOutput<typeof ScannerRequestSchema>;

export interface ScannedField {
  path: string;
  sample: string | null;
}
export interface ScannerAnswer {
  format: 'csv' | 'json';
  sourceElement: string;
  rows: number;
  fields: ScannedField[];
  mapping: MappingRow[];
}

const normalise = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
/** Source names that mean a participant field (Dutch and English spellings seen in case systems). */
const SYNONYMS: Record<ParticipantTarget, readonly string[]> = {
  bsn: ['bsn', 'burgerservicenummer', 'sofinummer', 'socialsecuritynumber'],
  identification: ['identification', 'personeelsnummer', 'persoonsnummer', 'employeenumber', 'externalid', 'externid'],
  personalCode: ['personalcode', 'code', 'klantnummer', 'clientnumber'],
  initials: ['initials', 'voorletters'],
  firstname: ['firstname', 'voornaam', 'givenname', 'roepnaam', 'first'],
  prefix: ['prefix', 'tussenvoegsel', 'voorvoegsel', 'infix'],
  lastname: ['lastname', 'achternaam', 'surname', 'familyname', 'geslachtsnaam', 'last'],
  email: ['email', 'emailaddress', 'emailadres', 'mail'],
  phone: ['phone', 'telefoon', 'telefoonnummer', 'phonenumber', 'mobile', 'mobiel'],
  sex: ['sex', 'gender', 'geslacht'],
  birthdate: ['birthdate', 'dateofbirth', 'geboortedatum', 'birthday', 'dob'],
  street: ['street', 'straat', 'straatnaam'],
  houseNumber: ['housenumber', 'huisnummer', 'number'],
  houseNumberAddition: ['housenumberaddition', 'huisnummertoevoeging', 'toevoeging', 'addition'],
  zipcode: ['zipcode', 'postcode', 'postalcode', 'zip'],
  city: ['city', 'woonplaats', 'plaats', 'town'],
  municipality: ['municipality', 'gemeente'],
};

/** Proposes a mapping: each source field whose last name part means a participant field, each target once. */
export function proposeMapping(paths: readonly string[]): MappingRow[] {
  const used = new Set<ParticipantTarget>();
  const out: MappingRow[] = [];
  for (const path of paths) {
    const last = normalise(path.split('.').pop() ?? path);
    const whole = normalise(path);
    const target = PARTICIPANT_TARGETS.find((t) => !used.has(t) && (SYNONYMS[t].includes(last) || SYNONYMS[t].includes(whole)));
    if (target) {
      used.add(target);
      out.push({ source: path, target });
    }
  }
  return out;
}
