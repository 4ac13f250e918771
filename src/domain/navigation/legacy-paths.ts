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
