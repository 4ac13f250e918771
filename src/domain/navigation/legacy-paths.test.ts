import { describe, expect, it } from 'vitest';
import { isLegacyPath, LEGACY_REDIRECTS, legacyRedirect } from './legacy-paths';

describe('isLegacyPath', () => {
  it.each<[string, boolean]>([
    ['/moddeelnemer/zoek/index', true],
    ['/moddeelnemer/deelnemerwizard', true],
    ['/bedrijf/zoek', true],
    ['/bedrijf/index/add', true],
    ['/rapportage/vacature', true],
    ['/kennistest/index/index', true],
    ['/administratie/loonwaarde/categories', true],
    ['/custom-fields/', true],
    ['/api/client', true],
    ['/work-order/create', true],
    ['/zoek/werkplanblauwdruk', true],
    ['/deelnemerportal/iets-anders', true],
    ['/report/report/generate/report/forms', true],
    ['/rapportage/vacature?x=1', true],
    ['/bedrijfsgegevens', false],
    ['/', false],
    ['/participants', false],
    ['/does-not-exist', false],
    ['/api/navigation', false],
    ['/zoek', false],
    ['/administration/caseload', false],
  ])('%s -> %s', (path, expected) => {
    expect(isLegacyPath(path)).toBe(expected);
  });

  it('accepts an explicit prefix list', () => {
    expect(isLegacyPath('/a/b', ['/a'])).toBe(true);
    expect(isLegacyPath('/ab', ['/a'])).toBe(false);
  });
});

describe('legacyRedirect (issue 24)', () => {
  it.each<[string, number | null, string | null]>([
    ['/moddeelnemer/zoek/index', 1, '/participants'],
    ['/moddeelnemer/zoek/extended/', 1, '/participants'],
    ['/logging/deelnemer', 1, '/administratie/log'],
    ['/logging/gebruiker?x=1', 1, '/administratie/log'],
    ['/administratie/srg', 7, '/company/7/settings/srg'],
    ['/administratie/srg', null, null],
    ['/administratie/loonwaarde/categories', 3, '/company/3/settings/wage-value'],
    ['/administratie/distribution/index', 1, '/administration/caseload'],
    ['/rechten/index/add-role', 1, '/rechten'],
    ['/bedrijf/zoek', 1, null],
    ['/moddeelnemer/zoek/index/other', 1, null],
  ])('%s (company %s) → %s', (path, company, target) => {
    expect(legacyRedirect(path, company)).toBe(target);
  });

  it('every redirect starts from a legacy path and leads to a path of its own', () => {
    for (const r of LEGACY_REDIRECTS) {
      expect(isLegacyPath(r.from)).toBe(true);
      expect(r.to).not.toBe(r.from);
    }
    expect(LEGACY_REDIRECTS).toHaveLength(8);
  });
});
