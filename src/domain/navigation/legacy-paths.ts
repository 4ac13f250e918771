/**
 * Legacy menu links of the catalogue (01 §2, 02 §2) that this product does not implement.
 * Opening one of these shows the "not available in this version" page instead of a 404.
 * This list is the one place that says so; a path matches a prefix on a segment boundary.
 */
export const LEGACY_PATH_PREFIXES: readonly string[] = [
  '/moddeelnemer',
  '/werkplanblauwdrukwizard',
  '/zoek/werkplanblauwdruk',
  '/work-order',
  '/kennistest',
  '/document',
  '/documentwizard',
  '/werkplek',
  '/bedrijf',
  '/rechten',
  '/buildcompetentiesysteem',
  '/instantie',
  '/admin',
  '/vakgebiedlibrary',
  '/rapportage',
  '/logging',
  '/note',
  '/srg',
  '/report',
  '/register',
  '/applications',
  '/administratie',
  '/ontwikkelnorm',
  '/regelingen',
  '/poplibrary',
  '/handleiding',
  '/flexform',
  '/custom-fields',
  '/messages',
  '/api/client',
  '/deelnemerportal',
];

/** True when `pathname` lies under one of the legacy prefixes. */
export function isLegacyPath(pathname: string, prefixes: readonly string[] = LEGACY_PATH_PREFIXES): boolean {
  const path = pathname.split(/[?#]/, 1)[0] ?? '';
  return prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * Legacy menu links whose job a real screen does under another path (issue 24): opening one leads there
 * (the target's own guard decides who may see it). `$company` stands for the signed-in user's company id.
 */
export const LEGACY_REDIRECTS: readonly { from: string; to: string }[] = [
  { from: '/moddeelnemer/zoek/index', to: '/participants' },
  { from: '/moddeelnemer/zoek/extended', to: '/participants' },
  { from: '/logging/deelnemer', to: '/administratie/log' },
  { from: '/logging/gebruiker', to: '/administratie/log' },
  { from: '/administratie/srg', to: '/company/$company/settings/srg' },
  { from: '/administratie/loonwaarde/categories', to: '/company/$company/settings/wage-value' },
  { from: '/administratie/distribution/index', to: '/administration/caseload' },
  { from: '/rechten/index/add-role', to: '/rechten' },
];

/** Where a legacy path with a real equivalent leads, or null (the exact path, with or without a trailing slash). */
export function legacyRedirect(pathname: string, companyId: number | null): string | null {
  const path = (pathname.split(/[?#]/, 1)[0] ?? '').replace(/\/+$/, '') || '/';
  const found = LEGACY_REDIRECTS.find((r) => r.from === path);
  if (!found) return null;
  if (found.to.includes('$company')) return companyId === null ? null : found.to.replace('$company', String(companyId));
  return found.to;
}
