import { describe, expect, it } from 'vitest';
import { isLegacyPath } from './legacy-paths';

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
