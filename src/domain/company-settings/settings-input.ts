import * as v from 'valibot';
import { OfflineCapDaysSchema } from '../devices/offline-cap';

/**
 * Company settings (01 §3 "Company settings"): the switches an administrator sets on /company/settings.
 * Every field is optional: setCompanySettings changes only the fields it is sent. Messages are i18n keys.
 */
export const PORTAL_VERSIONS = ['standard', 'government', 'development_companies', 'education'] as const;
export const IDENTIFICATION_SYSTEMS = ['BSN', 'Persoonsnummer'] as const;
export const KWNW_VERSIONS = ['none', 'kwnw', 'kwnw2'] as const;
export const INSTRUMENT_MODES = ['criteria_only', 'disabled', 'enabled'] as const;

/** Feature switches (booleans) of a company. */
export const FEATURE_SWITCHES = [
  'forceMfa',
  'useWageValueMeasurements',
  'useWageValueRegion',
  'srgEnabled',
  'caseOriented',
  'useCompetensysReports',
  'useManual',
  'useVacancy',
  'useMessages',
  'useProfile',
  'useProcessFlow',
  'taskListEnabled',
  'useExtendedPlacements',
] as const;
export type FeatureSwitch = (typeof FEATURE_SWITCHES)[number];

/** Participant widget switches with the widget id each one governs (01 §3). */
export const PARTICIPANT_WIDGETS = {
  usesWidgetMyProfile: 'my-profile',
  usesWidgetMyProgress: 'my-progress',
  usesWidgetMyWorkPlans: 'my-work-plans',
  usesWidgetMyTasks: 'my-tasks',
  usesWidgetMySettings: 'my-settings',
  usesWidgetMyCommunicationPreferences: 'my-communication-preferences',
  usesWidgetMyDevelopmentProfile: 'my-development-profile',
  usesWidgetMyPortfolio: 'my-portfolio',
  usesWidgetMyHomepagePicture: 'my-homepage-picture',
  usesWidgetMyTargets: 'my-targets',
  usesWidgetMe: 'me',
  usesWidgetMyDocuments: 'my-documents',
} as const;
export type WidgetSwitch = keyof typeof PARTICIPANT_WIDGETS;
export const WIDGET_SWITCHES = Object.keys(PARTICIPANT_WIDGETS) as WidgetSwitch[];

/** Default widget order per page (01 §3). */
export const DEFAULT_WIDGET_ORDERS = {
  home: ['my-profile', 'my-progress', 'my-work-plans', 'my-tasks'],
  profile: ['my-settings', 'my-communication-preferences', 'my-development-profile', 'my-portfolio'],
} as const;

const KNOWN_WIDGETS = new Set<string>(Object.values(PARTICIPANT_WIDGETS));

/** widgetOrders is a JSON string (01 §3): { home: [...], profile: [...] } of known widgets, each once. */
export function parseWidgetOrders(text: string): Record<'home' | 'profile', string[]> | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const out: Record<'home' | 'profile', string[]> = { home: [], profile: [] };
  for (const [page, list] of Object.entries(value)) {
    if (page !== 'home' && page !== 'profile') return null;
    if (!Array.isArray(list) || !list.every((w): w is string => typeof w === 'string' && KNOWN_WIDGETS.has(w))) return null;
    if (new Set(list).size !== list.length) return null;
    out[page] = list;
  }
  return out;
}

const flag = v.optional(v.boolean('admin.errors.settings.invalid'));

export const WorkPlanSettingsSchema = v.object({
  hasManager: v.optional(v.boolean()),
  changeResourceCode: v.optional(v.boolean()),
});

export const CompanySettingsSchema = v.object({
  participantPortalVersion: v.optional(v.picklist(PORTAL_VERSIONS, 'admin.errors.settings.invalid')),
  identificationSystem: v.optional(v.picklist(IDENTIFICATION_SYSTEMS, 'admin.errors.settings.invalid')),
  kwnwVersion: v.optional(v.picklist(KWNW_VERSIONS, 'admin.errors.settings.invalid')),
  useInstruments: v.optional(v.picklist(INSTRUMENT_MODES, 'admin.errors.settings.invalid')),
  ...(Object.fromEntries(FEATURE_SWITCHES.map((k) => [k, flag])) as Record<FeatureSwitch, typeof flag>),
  ...(Object.fromEntries(WIDGET_SWITCHES.map((k) => [k, flag])) as Record<WidgetSwitch, typeof flag>),
  widgetOrders: v.optional(
    v.pipe(v.string('admin.errors.settings.widgetOrders'), v.check((s) => parseWidgetOrders(s) !== null, 'admin.errors.settings.widgetOrders')),
  ),
  workPlanSettings: v.optional(WorkPlanSettingsSchema),
  /** The four KWNW access flags (01 §3); sent whole, an unset flag counts as on (src/domain/instruments/features.ts). */
  participantAccess: v.optional(v.object({ kwnw: flag, status: flag, instrument: flag, planOfApproach: flag })),
  /** Maximum days a device may stay offline before offline unlock refuses (issue 36; default 14, 1–365). */
  offlineCapDays: v.optional(OfflineCapDaysSchema),
});
export type CompanySettingsInput = v.InferOutput<typeof CompanySettingsSchema>;

const HEX = /^#[0-9a-fA-F]{6}$/;
const colour = v.optional(v.pipe(v.string('admin.errors.settings.colour'), v.regex(HEX, 'admin.errors.settings.colour')));

/** Branding template colours (01 §3). */
export const BrandingSchema = v.object({
  primaryColor: colour,
  headerColor: colour,
  mainMenuBackgroundColor: colour,
  mainMenuActiveColor: colour,
  mainMenuTextAndIconColor: colour,
});
export type BrandingInput = v.InferOutput<typeof BrandingSchema>;

/** Logo upload (01 §5): png, jpg, jpeg, pjpeg, bmp, gif; at most 100 KB. */
export const LOGO_MIME_TYPES = ['image/png', 'image/jpeg', 'image/pjpeg', 'image/bmp', 'image/gif'] as const;
export const LOGO_EXTENSIONS = ['png', 'jpg', 'jpeg', 'pjpeg', 'bmp', 'gif'] as const;

/** The reason key for a logo that may not be stored, or null when it may. `detected` is the type read from the content. */
export function logoProblem(size: number, detected: string | null, maxBytes: number): string | null {
  if (size === 0) return 'admin.errors.settings.logoEmpty';
  if (size > maxBytes) return 'admin.errors.settings.logoTooLarge';
  if (detected === null || !(LOGO_MIME_TYPES as readonly string[]).includes(detected === 'image/x-ms-bmp' ? 'image/bmp' : detected)) {
    return 'admin.errors.settings.logoType';
  }
  return null;
}

const label = v.pipe(v.string('admin.errors.settings.labelRequired'), v.trim(), v.nonEmpty('admin.errors.settings.labelRequired'), v.maxLength(200, 'admin.errors.settings.labelTooLong'));
const optionalId = v.nullish(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.regex(/^\d{1,15}$/, 'admin.errors.settings.invalid')));

/** Placement settings (01 §3): process labels (occupiesPlace) and reject reasons, saved as whole lists. */
export const PlacementSettingsSchema = v.object({
  processLabels: v.pipe(v.array(v.object({ id: optionalId, label, occupiesPlace: v.boolean() })), v.maxLength(100)),
  rejectReasons: v.pipe(v.array(v.object({ id: optionalId, label })), v.maxLength(100)),
});
export type PlacementSettingsInput = v.InferOutput<typeof PlacementSettingsSchema>;

/** SRG termination reasons (02 §3): label and SRG value. */
export const SrgTerminationReasonsSchema = v.object({
  reasons: v.pipe(
    v.array(
      v.object({
        id: optionalId,
        label,
        srgValue: v.pipe(v.string('admin.errors.settings.srgValueRequired'), v.trim(), v.nonEmpty('admin.errors.settings.srgValueRequired'), v.maxLength(20, 'admin.errors.settings.srgValueTooLong')),
      }),
    ),
    v.maxLength(100),
  ),
});
export type SrgTerminationReasonsInput = v.InferOutput<typeof SrgTerminationReasonsSchema>;
