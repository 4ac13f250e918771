/**
 * The interface texts: the shared core (nl.json, en.json) plus one file per area under areas/
 * (`areas/<area>.nl.json` and `areas/<area>.en.json`), so areas add texts without touching the
 * core files. Add an area with one import and one line per language.
 */
import enCore from './en.json';
import nlCore from './nl.json';
import enSyncPull from './areas/syncPull.en.json';
import nlSyncPull from './areas/syncPull.nl.json';
import enWorkPlans from './areas/work-plans.en.json';
import nlWorkPlans from './areas/work-plans.nl.json';
import enWageValue from './areas/wageValue.en.json';
import nlWageValue from './areas/wageValue.nl.json';
import enWageValueMeasurements from './areas/wageValueMeasurements.en.json';
import nlWageValueMeasurements from './areas/wageValueMeasurements.nl.json';
import enPortal from './areas/portal.en.json';
import nlPortal from './areas/portal.nl.json';
import enAdmin from './areas/admin.en.json';
import nlAdmin from './areas/admin.nl.json';
import enUsers from './areas/users.en.json';
import nlUsers from './areas/users.nl.json';
import enSecurity from './areas/security.en.json';
import nlSecurity from './areas/security.nl.json';
import enInstruments from './areas/instruments.en.json';
import nlInstruments from './areas/instruments.nl.json';
import enCaseload from './areas/caseload.en.json';
import nlCaseload from './areas/caseload.nl.json';
import enSkillReport from './areas/skillReport.en.json';
import enCms from './areas/cms.en.json';
import nlCms from './areas/cms.nl.json';
import nlSkillReport from './areas/skillReport.nl.json';
import enReasons from './areas/reasons.en.json';
import nlReasons from './areas/reasons.nl.json';
import enNotifications from './areas/notifications.en.json';
import nlNotifications from './areas/notifications.nl.json';
import enWorkPlanFiles from './areas/workPlanFiles.en.json';
import nlWorkPlanFiles from './areas/workPlanFiles.nl.json';
import enSyncTruth from './areas/syncTruth.en.json';
import nlSyncTruth from './areas/syncTruth.nl.json';
import enDashboards from './areas/dashboards.en.json';
import nlDashboards from './areas/dashboards.nl.json';
import enTransfer from './areas/transfer.en.json';
import nlTransfer from './areas/transfer.nl.json';
import enDevices from './areas/devices.en.json';
import nlDevices from './areas/devices.nl.json';

export const nl = {
  ...nlCore,
  syncPull: nlSyncPull,
  workPlans: nlWorkPlans,
  wageValue: nlWageValue,
  wageValueMeasurements: nlWageValueMeasurements,
  portal: nlPortal,
  admin: nlAdmin,
  users: nlUsers,
  security: nlSecurity,
  instruments: nlInstruments,
  caseload: nlCaseload,
  skillReport: nlSkillReport,
  cms: nlCms,
  reasons: nlReasons,
  notifications: nlNotifications,
  workPlanFiles: nlWorkPlanFiles,
  syncTruth: nlSyncTruth,
  dashboards: nlDashboards,
  transfer: nlTransfer,
  devices: nlDevices,
};

export const en = {
  ...enCore,
  syncPull: enSyncPull,
  workPlans: enWorkPlans,
  wageValue: enWageValue,
  wageValueMeasurements: enWageValueMeasurements,
  portal: enPortal,
  admin: enAdmin,
  users: enUsers,
  security: enSecurity,
  instruments: enInstruments,
  caseload: enCaseload,
  skillReport: enSkillReport,
  cms: enCms,
  reasons: enReasons,
  notifications: enNotifications,
  workPlanFiles: enWorkPlanFiles,
  syncTruth: enSyncTruth,
  dashboards: enDashboards,
  transfer: enTransfer,
  devices: enDevices,
} satisfies Record<keyof typeof nl, unknown>;
