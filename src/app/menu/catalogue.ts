import type { MenuCatalogue } from '../../domain/navigation/menu-types';
import type { PortalKind } from '../../domain/navigation/portal';
import type { MenuLabelKey } from '../../i18n/keys';

type Catalogue = MenuCatalogue<MenuLabelKey>;

/**
 * The staff main menu of spec 01 §2, in the spec's order. Top entries without a page of their own
 * (groups) carry a fragment uri `#<id>`; the server names them by that uri in `GET /api/navigation`.
 * Links that this product does not implement lead to the "not available in this version" page
 * (see src/domain/navigation/legacy-paths.ts).
 */
export const staffCatalogue = [
  { id: 'home', uri: '/', labelKey: 'menu.home' },
  {
    id: 'messages',
    uri: '/berichten',
    labelKey: 'menu.messages',
    children: [
      { id: 'messages-inbox', uri: '/berichten', labelKey: 'menu.messagesInbox' },
      { id: 'messages-sent', uri: '/berichten/sent', labelKey: 'menu.messagesSent' },
      { id: 'messages-archived', uri: '/berichten/archived', labelKey: 'menu.messagesArchived' },
    ],
  },
  {
    id: 'new',
    uri: '#new',
    labelKey: 'menu.new',
    children: [
      { id: 'new-participant', uri: '/moddeelnemer/deelnemerwizard', labelKey: 'menu.newParticipant' },
      { id: 'new-work-order', uri: '/work-order/create', labelKey: 'menu.newWorkOrder' },
      { id: 'new-blueprint', uri: '/werkplanblauwdrukwizard', labelKey: 'menu.newBlueprint' },
      { id: 'new-instrument', uri: '/instruments/add', labelKey: 'menu.newInstrument' },
      { id: 'new-knowledge-test', uri: '/kennistest/buildtest', labelKey: 'menu.newKnowledgeTest' },
      { id: 'new-document', uri: '/document/create', labelKey: 'menu.newDocument' },
      { id: 'new-document-upload', uri: '/documentwizard', labelKey: 'menu.newDocumentUpload' },
      { id: 'new-workplace', uri: '/werkplek/werkplekwizard', labelKey: 'menu.newWorkplace' },
      { id: 'new-profile', uri: '/werkplek/profielwizard', labelKey: 'menu.newProfile' },
      { id: 'new-company', uri: '/bedrijf/index/add', labelKey: 'menu.newCompany' },
      { id: 'new-user', uri: '/user/add', labelKey: 'menu.newUser' },
      { id: 'new-role', uri: '/rechten/index/add-role', labelKey: 'menu.newRole' },
      { id: 'new-competency-system', uri: '/buildcompetentiesysteem', labelKey: 'menu.newCompetencySystem' },
      { id: 'new-institution', uri: '/instantie/create', labelKey: 'menu.newInstitution' },
    ],
  },
  {
    id: 'participants',
    uri: '#participants',
    labelKey: 'menu.participants',
    children: [
      { id: 'participants-search', uri: '/participants', labelKey: 'menu.participantsSearch' },
      { id: 'participants-legacy-search', uri: '/moddeelnemer/zoek/index', labelKey: 'menu.participantsLegacySearch' },
      { id: 'participants-invitations', uri: '/invitations', labelKey: 'menu.invitations' },
    ],
  },
  { id: 'work-plans', uri: '/work-plan', labelKey: 'menu.workPlans' },
  {
    id: 'teaching',
    uri: '#teaching',
    labelKey: 'menu.teaching',
    children: [
      { id: 'teaching-work-orders', uri: '/work-order', labelKey: 'menu.workOrders' },
      { id: 'teaching-blueprints', uri: '/zoek/werkplanblauwdruk', labelKey: 'menu.blueprints' },
      { id: 'teaching-instruments', uri: '/instruments', labelKey: 'menu.instruments' },
      { id: 'teaching-documents', uri: '/document', labelKey: 'menu.documents' },
      { id: 'teaching-knowledge-tests', uri: '/kennistest/index/index', labelKey: 'menu.knowledgeTests' },
      { id: 'teaching-discipline-categories', uri: '/admin/addvakcategorie', labelKey: 'menu.disciplineCategories' },
      { id: 'teaching-discipline-library', uri: '/vakgebiedlibrary', labelKey: 'menu.disciplineLibrary' },
    ],
  },
  {
    id: 'relations',
    uri: '#relations',
    labelKey: 'menu.relations',
    children: [
      { id: 'relations-companies', uri: '/bedrijf/zoek', labelKey: 'menu.companies' },
      { id: 'relations-workplaces', uri: '/werkplek/zoek', labelKey: 'menu.workplaces' },
      { id: 'relations-profiles', uri: '/werkplek/zoek/profiel', labelKey: 'menu.profiles' },
      { id: 'relations-vacancies', uri: '/rapportage/vacature', labelKey: 'menu.vacancies' },
    ],
  },
  {
    id: 'users',
    uri: '#users',
    labelKey: 'menu.users',
    children: [
      { id: 'users-search', uri: '/user', labelKey: 'menu.usersSearch' },
      { id: 'users-invitations', uri: '/invitations', labelKey: 'menu.invitations' },
    ],
  },
  {
    id: 'reports',
    uri: '#reports',
    labelKey: 'menu.reports',
    children: [
      { id: 'reports-participants-extended', uri: '/moddeelnemer/zoek/extended', labelKey: 'menu.reportsParticipantsExtended' },
      { id: 'reports-participant-status', uri: '/rapportage/deelnemerstatus', labelKey: 'menu.reportsParticipantStatus' },
      { id: 'reports-placement-mutations', uri: '/rapportage/mutatie-plaatsing', labelKey: 'menu.reportsPlacementMutations' },
      { id: 'reports-participant-log', uri: '/logging/deelnemer', labelKey: 'menu.reportsParticipantLog' },
      { id: 'reports-user-log', uri: '/logging/gebruiker', labelKey: 'menu.reportsUserLog' },
      { id: 'reports-function-counter', uri: '/rapportage/functie-teller', labelKey: 'menu.reportsFunctionCounter' },
      { id: 'reports-notes', uri: '/note/report', labelKey: 'menu.reportsNotes' },
      { id: 'reports-srg', uri: '/srg/index/instantie', labelKey: 'menu.reportsSrg' },
      { id: 'reports-reintegration', uri: '/report/report/generate/report/reintegration', labelKey: 'menu.reportsReintegration' },
      { id: 'reports-forms', uri: '/report/report/generate/report/forms', labelKey: 'menu.reportsForms' },
      { id: 'reports-register', uri: '/register', labelKey: 'menu.reportsRegister' },
      { id: 'reports-skill-report', uri: '/skill-report', labelKey: 'menu.skillReport' },
    ],
  },
  { id: 'dashboards', uri: '/dashboards', labelKey: 'menu.dashboards' },
  {
    id: 'wage-value',
    uri: '#wage-value',
    labelKey: 'menu.wageValue',
    children: [
      { id: 'wage-value-search', uri: '/wage-value/measurement/search', labelKey: 'menu.wageValueSearch' },
      { id: 'wage-value-add', uri: '/wage-value/measurement/add', labelKey: 'menu.wageValueAdd' },
      { id: 'wage-value-planning', uri: '/wage-value/measurement/planning', labelKey: 'menu.wageValuePlanning' },
    ],
  },
  { id: 'kwnw', uri: '/kwnw', labelKey: 'menu.kwnw' },
  {
    id: 'administration',
    uri: '#administration',
    labelKey: 'menu.administration',
    children: [
      { id: 'admin-applications', uri: '/applications', labelKey: 'menu.adminApplications' },
      { id: 'admin-distribution', uri: '/administratie/distribution/index', labelKey: 'menu.adminDistribution' },
      { id: 'admin-matching', uri: '/administratie/matching', labelKey: 'menu.adminMatching' },
      { id: 'admin-development-norm', uri: '/ontwikkelnorm', labelKey: 'menu.adminDevelopmentNorm' },
      { id: 'admin-schemes', uri: '/regelingen', labelKey: 'menu.adminSchemes' },
      { id: 'admin-process', uri: '/administratie/proces', labelKey: 'menu.adminProcess' },
      { id: 'admin-institutions', uri: '/instantie', labelKey: 'menu.adminInstitutions' },
      { id: 'admin-pop-library', uri: '/poplibrary', labelKey: 'menu.adminPopLibrary' },
      { id: 'admin-pop-systems', uri: '/admin/popsysteemoverview', labelKey: 'menu.adminPopSystems' },
      { id: 'admin-discipline-library', uri: '/vakgebiedlibrary', labelKey: 'menu.disciplineLibrary' },
      { id: 'admin-rights', uri: '/rechten', labelKey: 'menu.adminRights' },
      { id: 'admin-manual', uri: '/handleiding', labelKey: 'menu.adminManual' },
      { id: 'admin-wage-value-categories', uri: '/administratie/loonwaarde/categories', labelKey: 'menu.adminWageValueCategories' },
      { id: 'admin-import-overview', uri: '/transfer/manage/import-overview', labelKey: 'menu.adminImportOverview' },
      { id: 'admin-export-overview', uri: '/transfer/manage/export-overview', labelKey: 'menu.adminExportOverview' },
      { id: 'admin-reports', uri: '/administratie/rapportage', labelKey: 'menu.adminReports' },
      { id: 'admin-srg', uri: '/administratie/srg', labelKey: 'menu.adminSrg' },
      { id: 'admin-log', uri: '/administratie/log', labelKey: 'menu.adminLog' },
      { id: 'admin-devices', uri: '/administratie/apparaten', labelKey: 'menu.adminDevices' },
      { id: 'admin-flexform-templates', uri: '/flexform/template', labelKey: 'menu.adminFlexformTemplates' },
      { id: 'admin-custom-fields', uri: '/custom-fields/', labelKey: 'menu.adminCustomFields' },
      { id: 'admin-system-messages', uri: '/messages', labelKey: 'menu.adminSystemMessages' },
      { id: 'admin-api-clients', uri: '/api/client', labelKey: 'menu.adminApiClients' },
      { id: 'admin-logo-and-color', uri: '/company/settings/logo-and-color', labelKey: 'menu.adminLogoAndColor' },
      { id: 'admin-caseload', uri: '/administration/caseload', labelKey: 'menu.adminCaseload' },
    ],
  },
] as const satisfies Catalogue;

/** Participant menu, newer portal (01 §2): links under /participant-portal. */
export const participantPortalCatalogue = [
  { id: 'portal-home', uri: '/participant-portal', labelKey: 'menu.home' },
  { id: 'portal-messages', uri: '/participant-portal/my-messages', labelKey: 'menu.myMessages' },
  {
    id: 'portal-work-plans',
    uri: '/participant-portal/my-work-plans',
    labelKey: 'menu.myWorkPlans',
    children: [
      { id: 'portal-work-plans-started', uri: '/participant-portal/my-work-plans/started', labelKey: 'menu.workPlansStarted' },
      { id: 'portal-work-plans-unstarted', uri: '/participant-portal/my-work-plans/unstarted', labelKey: 'menu.workPlansUnstarted' },
      { id: 'portal-work-plans-finished', uri: '/participant-portal/my-work-plans/finished', labelKey: 'menu.workPlansFinished' },
    ],
  },
  { id: 'portal-results', uri: '/participant-portal/my-results/personal-development', labelKey: 'menu.myResults' },
  { id: 'portal-workplaces', uri: '/participant-portal/workplaces', labelKey: 'menu.myWorkplaces' },
  { id: 'portal-documents', uri: '/participant-portal/my-documents', labelKey: 'menu.myDocuments' },
] as const satisfies Catalogue;

/** Participant menu, standard portal (01 §2, 02 §2): the older Dutch paths. */
export const participantStandardCatalogue = [
  { id: 'standard-home', uri: '/deelnemerportal', labelKey: 'menu.home' },
  {
    id: 'standard-messages',
    uri: '/berichten',
    labelKey: 'menu.messages',
    children: [
      { id: 'standard-messages-inbox', uri: '/berichten', labelKey: 'menu.messagesInbox' },
      { id: 'standard-messages-sent', uri: '/berichten/sent', labelKey: 'menu.messagesSent' },
      { id: 'standard-messages-archived', uri: '/berichten/archived', labelKey: 'menu.messagesArchived' },
    ],
  },
  {
    id: 'standard-work-plan',
    uri: '/deelnemerportal/werkplan',
    labelKey: 'menu.myWorkPlans',
    children: [
      { id: 'standard-work-plan-current', uri: '/deelnemerportal/werkplan', labelKey: 'menu.workPlansCurrent' },
      { id: 'standard-work-plan-start', uri: '/deelnemerportal/werkplan/index/tab/1', labelKey: 'menu.workPlansUnstarted' },
      { id: 'standard-work-plan-finished', uri: '/deelnemerportal/werkplan/index/tab/2', labelKey: 'menu.workPlansFinished' },
    ],
  },
  { id: 'standard-results', uri: '/deelnemerportal/resultaten', labelKey: 'menu.myResults' },
  { id: 'standard-vacancies', uri: '/deelnemerportal/vacature', labelKey: 'menu.vacancies' },
  { id: 'standard-documents', uri: '/deelnemerportal/document', labelKey: 'menu.myDocuments' },
] as const satisfies Catalogue;

/** The catalogue a user's menu is built from: staff, or the participant portal the company chose. */
export function catalogueFor(isParticipant: boolean, portal: PortalKind): Catalogue {
  if (!isParticipant) return staffCatalogue;
  return portal === 'newer' ? participantPortalCatalogue : participantStandardCatalogue;
}
