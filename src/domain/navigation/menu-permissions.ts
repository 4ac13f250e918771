import type { NavigationAnswer, NavigationItem } from './menu-types';
import { instrumentMode, kwnwAccess } from '../instruments/features';

/**
 * What the server's `GET /api/navigation` answer is built from (01 §2 "Main menu", §6): every menu uri with the
 * privilege it needs and the company switch that must be on. The uris are those of the client's catalogue
 * (src/app/menu/catalogue.ts), which matches the answer by uri; groups without a page carry `#<id>`.
 */
export interface MenuRule {
  resource: string;
  privilege: string;
}

export interface MenuNode {
  id: string;
  uri: string;
  /** Needed to see the entry; absent = every signed-in user of the menu's kind. */
  rule?: MenuRule;
  /** A company switch that must be on (see `featureOn`). */
  feature?: (settings: CompanySettings) => boolean;
  children?: readonly MenuNode[];
}

export type CompanySettings = Record<string, unknown>;

const r = (resource: string, privilege = 'view'): MenuRule => ({ resource, privilege });
/** A boolean switch; absent counts as on for core features (messages), off for optional modules. */
const on = (key: string, absent = false) => (s: CompanySettings) => (s[key] === undefined ? absent : s[key] === true);
/** The instrument library (Teaching → instruments, New → instrument): useInstruments `enabled` (criteria_only offers matching only). */
const instrumentsOn = (s: CompanySettings) => instrumentMode(s) === 'enabled';
/** KWNW: a version other than none and the kwnw access flag (src/domain/instruments/features.ts). */
const kwnwOn = (s: CompanySettings) => kwnwAccess(s).kwnw;
const messagesOn = on('useMessages', true);
const SETTINGS = r('companySettings', 'manage');

export const staffMenu: readonly MenuNode[] = [
  { id: 'home', uri: '/' },
  {
    id: 'messages',
    uri: '/berichten',
    feature: messagesOn,
    children: [
      { id: 'inbox', uri: '/berichten', rule: r('messages') },
      { id: 'sent', uri: '/berichten/sent', rule: r('messages') },
      { id: 'archived', uri: '/berichten/archived', rule: r('messages') },
    ],
  },
  {
    id: 'new',
    uri: '#new',
    children: [
      { id: 'new-participant', uri: '/moddeelnemer/deelnemerwizard', rule: r('participants', 'add') },
      { id: 'new-work-order', uri: '/work-order/create', rule: r('blueprints', 'add') },
      { id: 'new-blueprint', uri: '/werkplanblauwdrukwizard', rule: r('blueprints', 'add') },
      { id: 'new-instrument', uri: '/instruments/add', rule: r('instruments', 'add'), feature: instrumentsOn },
      { id: 'new-knowledge-test', uri: '/kennistest/buildtest', rule: r('blueprints', 'add') },
      { id: 'new-document', uri: '/document/create', rule: r('blueprints', 'add') },
      { id: 'new-document-upload', uri: '/documentwizard', rule: r('blueprints', 'add') },
      { id: 'new-workplace', uri: '/werkplek/werkplekwizard', rule: r('workplaces', 'add') },
      { id: 'new-profile', uri: '/werkplek/profielwizard', rule: r('workplaces', 'add') },
      { id: 'new-company', uri: '/bedrijf/index/add', rule: r('workplaces', 'add') },
      { id: 'new-user', uri: '/user/add', rule: r('users', 'add') },
      { id: 'new-role', uri: '/rechten/index/add-role', rule: r('roles', 'add') },
      { id: 'new-competency-system', uri: '/buildcompetentiesysteem', rule: r('blueprints', 'manage') },
      { id: 'new-institution', uri: '/instantie/create', rule: r('companies', 'add') },
    ],
  },
  {
    id: 'participants',
    uri: '#participants',
    children: [
      { id: 'participants-search', uri: '/participants', rule: r('participants') },
      { id: 'participants-legacy-search', uri: '/moddeelnemer/zoek/index', rule: r('participants') },
      { id: 'participants-invitations', uri: '/invitations', rule: r('invitations') },
    ],
  },
  { id: 'work-plans', uri: '/work-plan', rule: r('workPlans') },
  {
    id: 'teaching',
    uri: '#teaching',
    children: [
      { id: 'teaching-work-orders', uri: '/work-order', rule: r('blueprints') },
      { id: 'teaching-blueprints', uri: '/zoek/werkplanblauwdruk', rule: r('blueprints') },
      { id: 'teaching-instruments', uri: '/instruments', rule: r('instruments'), feature: instrumentsOn },
      { id: 'teaching-documents', uri: '/document', rule: r('blueprints') },
      { id: 'teaching-knowledge-tests', uri: '/kennistest/index/index', rule: r('blueprints') },
      { id: 'teaching-discipline-categories', uri: '/admin/addvakcategorie', rule: r('blueprints', 'manage') },
      { id: 'teaching-discipline-library', uri: '/vakgebiedlibrary', rule: r('blueprints', 'manage') },
    ],
  },
  {
    id: 'relations',
    uri: '#relations',
    children: [
      { id: 'relations-companies', uri: '/bedrijf/zoek', rule: r('workplaces') },
      { id: 'relations-workplaces', uri: '/werkplek/zoek', rule: r('workplaces') },
      { id: 'relations-profiles', uri: '/werkplek/zoek/profiel', rule: r('workplaces') },
      { id: 'relations-vacancies', uri: '/rapportage/vacature', rule: r('workplaces'), feature: on('useVacancy') },
    ],
  },
  {
    id: 'users',
    uri: '#users',
    children: [
      { id: 'users-search', uri: '/user', rule: r('users', 'edit') },
      { id: 'users-invitations', uri: '/invitations', rule: r('invitations') },
    ],
  },
  {
    id: 'reports',
    uri: '#reports',
    children: [
      { id: 'reports-participants-extended', uri: '/moddeelnemer/zoek/extended', rule: r('reports') },
      { id: 'reports-participant-status', uri: '/rapportage/deelnemerstatus', rule: r('reports') },
      { id: 'reports-placement-mutations', uri: '/rapportage/mutatie-plaatsing', rule: r('reports') },
      { id: 'reports-participant-log', uri: '/logging/deelnemer', rule: r('auditLog') },
      { id: 'reports-user-log', uri: '/logging/gebruiker', rule: r('auditLog') },
      { id: 'reports-function-counter', uri: '/rapportage/functie-teller', rule: r('reports') },
      { id: 'reports-notes', uri: '/note/report', rule: r('reports') },
      { id: 'reports-srg', uri: '/srg/index/instantie', rule: r('reports'), feature: on('srgEnabled') },
      { id: 'reports-reintegration', uri: '/report/report/generate/report/reintegration', rule: r('reports') },
      { id: 'reports-forms', uri: '/report/report/generate/report/forms', rule: r('reports') },
      { id: 'reports-register', uri: '/register', rule: r('reports') },
      { id: 'reports-skill-report', uri: '/skill-report', rule: r('skillReport') },
    ],
  },
  { id: 'dashboards', uri: '/dashboards', rule: r('dashboards') },
  {
    id: 'wage-value',
    uri: '#wage-value',
    feature: on('useWageValueMeasurements'),
    children: [
      { id: 'wage-value-search', uri: '/wage-value/measurement/search', rule: r('wageValueMeasurements') },
      { id: 'wage-value-add', uri: '/wage-value/measurement/add', rule: r('wageValueMeasurements', 'add') },
      { id: 'wage-value-planning', uri: '/wage-value/measurement/planning', rule: r('wageValuePlans') },
    ],
  },
  { id: 'kwnw', uri: '/kwnw', rule: r('kwnw'), feature: kwnwOn },
  {
    id: 'administration',
    uri: '#administration',
    children: [
      { id: 'admin-applications', uri: '/applications', rule: SETTINGS },
      { id: 'admin-distribution', uri: '/administratie/distribution/index', rule: SETTINGS },
      { id: 'admin-matching', uri: '/administratie/matching', rule: SETTINGS, feature: instrumentsOn },
      { id: 'admin-development-norm', uri: '/ontwikkelnorm', rule: SETTINGS },
      { id: 'admin-schemes', uri: '/regelingen', rule: SETTINGS },
      { id: 'admin-process', uri: '/administratie/proces', rule: SETTINGS, feature: on('useProcessFlow') },
      { id: 'admin-institutions', uri: '/instantie', rule: SETTINGS },
      { id: 'admin-pop-library', uri: '/poplibrary', rule: SETTINGS },
      { id: 'admin-pop-systems', uri: '/admin/popsysteemoverview', rule: SETTINGS },
      { id: 'admin-discipline-library', uri: '/vakgebiedlibrary', rule: SETTINGS },
      { id: 'admin-rights', uri: '/rechten', rule: r('roles', 'manage') },
      { id: 'admin-manual', uri: '/handleiding', rule: SETTINGS, feature: on('useManual') },
      { id: 'admin-wage-value-categories', uri: '/administratie/loonwaarde/categories', rule: r('wageValueSettings', 'manage'), feature: on('useWageValueMeasurements') },
      { id: 'admin-import-overview', uri: '/transfer/manage/import-overview', rule: r('transfer') },
      { id: 'admin-export-overview', uri: '/transfer/manage/export-overview', rule: r('transfer') },
      { id: 'admin-reports', uri: '/administratie/rapportage', rule: SETTINGS },
      { id: 'admin-srg', uri: '/administratie/srg', rule: SETTINGS, feature: on('srgEnabled') },
      { id: 'admin-log', uri: '/administratie/log', rule: r('auditLog') },
      // The organisation's devices (issue 36): the administrators who read the audit log.
      { id: 'admin-devices', uri: '/administratie/apparaten', rule: r('auditLog') },
      { id: 'admin-flexform-templates', uri: '/flexform/template', rule: SETTINGS },
      { id: 'admin-custom-fields', uri: '/custom-fields/', rule: SETTINGS },
      { id: 'admin-system-messages', uri: '/messages', rule: SETTINGS },
      { id: 'admin-api-clients', uri: '/api/client', rule: SETTINGS },
      { id: 'admin-logo-and-color', uri: '/company/settings/logo-and-color', rule: SETTINGS },
      { id: 'admin-caseload', uri: '/administration/caseload', rule: r('caseload', 'manage') },
    ],
  },
];

const widget = (key: string) => on(key, true);

/** Newer participant portal (01 §2): links under /participant-portal. */
export const participantPortalMenu: readonly MenuNode[] = [
  { id: 'portal-home', uri: '/participant-portal' },
  { id: 'portal-messages', uri: '/participant-portal/my-messages', rule: r('messages'), feature: messagesOn },
  {
    id: 'portal-work-plans',
    uri: '/participant-portal/my-work-plans',
    feature: widget('usesWidgetMyWorkPlans'),
    children: [
      { id: 'portal-work-plans-started', uri: '/participant-portal/my-work-plans/started', rule: r('workPlans') },
      { id: 'portal-work-plans-unstarted', uri: '/participant-portal/my-work-plans/unstarted', rule: r('workPlans') },
      { id: 'portal-work-plans-finished', uri: '/participant-portal/my-work-plans/finished', rule: r('workPlans') },
    ],
  },
  { id: 'portal-results', uri: '/participant-portal/my-results/personal-development', rule: r('workPlans'), feature: widget('usesWidgetMyDevelopmentProfile') },
  { id: 'portal-workplaces', uri: '/participant-portal/workplaces', rule: r('ownProfile') },
  { id: 'portal-documents', uri: '/participant-portal/my-documents', rule: r('files'), feature: widget('usesWidgetMyDocuments') },
];

/** Standard participant portal (01 §2, 02 §2): the older Dutch paths. */
export const participantStandardMenu: readonly MenuNode[] = [
  { id: 'standard-home', uri: '/deelnemerportal' },
  {
    id: 'standard-messages',
    uri: '/berichten',
    feature: messagesOn,
    children: [
      { id: 'standard-messages-inbox', uri: '/berichten', rule: r('messages') },
      { id: 'standard-messages-sent', uri: '/berichten/sent', rule: r('messages') },
      { id: 'standard-messages-archived', uri: '/berichten/archived', rule: r('messages') },
    ],
  },
  {
    id: 'standard-work-plan',
    uri: '/deelnemerportal/werkplan',
    children: [
      { id: 'standard-work-plan-current', uri: '/deelnemerportal/werkplan', rule: r('workPlans') },
      { id: 'standard-work-plan-start', uri: '/deelnemerportal/werkplan/index/tab/1', rule: r('workPlans') },
      { id: 'standard-work-plan-finished', uri: '/deelnemerportal/werkplan/index/tab/2', rule: r('workPlans') },
    ],
  },
  { id: 'standard-results', uri: '/deelnemerportal/resultaten', rule: r('workPlans') },
  { id: 'standard-vacancies', uri: '/deelnemerportal/vacature', rule: r('ownProfile'), feature: on('useVacancy') },
  { id: 'standard-documents', uri: '/deelnemerportal/document', rule: r('files'), feature: widget('usesWidgetMyDocuments') },
];

/** participantPortalVersion → portal: standard (or unset) keeps the Dutch paths; the sector versions use the newer portal. */
export function participantMenuFor(version: unknown): readonly MenuNode[] {
  return version === 'standard' || !version ? participantStandardMenu : participantPortalMenu;
}

/**
 * Filters a menu by privilege and company switches. An entry with sub-pages is dropped when none remain;
 * an entry's own rule and feature apply to it and, through it, to its sub-pages.
 */
export function allowedMenu(
  menu: readonly MenuNode[],
  settings: CompanySettings,
  can: (privilege: string, resource: string) => boolean,
): NavigationAnswer {
  const allowed = (node: MenuNode) => (!node.feature || node.feature(settings)) && (!node.rule || can(node.rule.privilege, node.rule.resource));
  const items: NavigationItem[] = [];
  for (const node of menu) {
    if (!allowed(node)) continue;
    if (!node.children) {
      items.push({ id: node.id, uri: node.uri });
      continue;
    }
    const children = node.children.filter(allowed).map((c) => ({ id: c.id, uri: c.uri }));
    if (children.length) items.push({ id: node.id, uri: node.uri, children });
  }
  return { items };
}
