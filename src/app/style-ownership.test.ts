import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A feature's style sheet is loaded with that feature's code (its own chunk). A screen that uses a class whose
 * only rules live in another feature's sheet looks right after that feature has been opened and wrong when it is
 * opened first: the shared files section on an instrument, opened directly on a 360 px phone, scrolled sideways
 * because its table's phone layout lived in the work plans' sheet. So a class used in a component must have a rule
 * in a sheet that is always loaded (src/app, src/lib beside the component that imports it, the auth sheet that the
 * app's root imports) or in the component's own feature.
 */
const root = path.resolve(__dirname, '..');
const ALWAYS_LOADED = ['app/', 'lib/', 'features/auth/auth.css'];

function files(dir: string, ext: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return files(full, ext);
    return e.name.endsWith(ext) ? [full] : [];
  });
}

const rel = (file: string) => path.relative(root, file).split(path.sep).join('/');
const featureOf = (file: string) => /^features\/([^/]+)\//.exec(rel(file))?.[1] ?? null;

/** Per class, the sheets that mention it in any selector (`all`) and those with a rule for the class alone (`base`: `.x { … }` outside @media). */
function definitions(): Map<string, { all: string[]; base: string[] }> {
  const defined = new Map<string, { all: string[]; base: string[] }>();
  const entry = (name: string) => {
    const found = defined.get(name) ?? { all: [], base: [] };
    defined.set(name, found);
    return found;
  };
  for (const sheet of files(root, '.css')) {
    const css = readFileSync(sheet, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    let depth = 0;
    for (const [, text, brace] of css.matchAll(/([^{}]*)([{}])/g)) {
      if (brace === '}') {
        depth = Math.max(0, depth - 1);
        continue;
      }
      const selector = text!.trim();
      depth++;
      if (selector.startsWith('@')) continue;
      for (const [, name] of selector.matchAll(/\.(-?[a-zA-Z_][\w-]*)/g)) {
        const found = entry(name!);
        if (!found.all.includes(rel(sheet))) found.all.push(rel(sheet));
      }
      if (depth !== 1) continue;
      for (const item of selector.split(',')) {
        const name = /^\.(-?[a-zA-Z_][\w-]*)$/.exec(item.trim())?.[1];
        if (name && !entry(name).base.includes(rel(sheet))) entry(name).base.push(rel(sheet));
      }
    }
  }
  return defined;
}

const alwaysLoaded = (sheet: string) => ALWAYS_LOADED.some((prefix) => sheet.startsWith(prefix));

/** The class names written literally in a component (`className="a b"`, `className={'a'}`, static parts of templates). */
function classNames(source: string): Set<string> {
  const names = new Set<string>();
  for (const [, value] of source.matchAll(/className=\{?\s*[`"']([^`"']*)/g)) {
    for (const name of value!.split(/\s+/)) if (/^[a-zA-Z_][\w-]*$/.test(name)) names.add(name);
  }
  return names;
}

describe('style ownership', () => {
  it('finds the rules of the classes it checks (the scan itself works)', () => {
    const defined = definitions();
    expect(defined.get('plan-files__table')).toEqual({ all: ['lib/files/files-section.css'], base: ['lib/files/files-section.css'] });
    // A refinement (`.x td`) or a rule inside @media is no base rule.
    expect(defined.get('admin-dl')?.base).toEqual(['features/participants/participants.css']);
    expect(defined.get('admin-dl')?.all).toContain('app/styles.css');
    expect(classNames(`<p className="a b-c">x</p><i className={'d'} /><b className={\`e \${f}\`} />`)).toEqual(new Set(['a', 'b-c', 'd', 'e']));
  });

  it("no component relies on a class whose only rules are in another feature's style sheet", () => {
    const defined = definitions();
    const borrowed: string[] = [];
    const components = files(root, '.tsx').filter((f) => !f.endsWith('.test.tsx'));
    expect(components.length).toBeGreaterThan(100);
    for (const file of components) {
      const own = featureOf(file);
      for (const name of classNames(readFileSync(file, 'utf8'))) {
        const found = defined.get(name);
        if (!found) continue; // a hook for tests or scripts, no rules
        // Where a class has a base rule, that is what must be loaded: a phone fix in an always-loaded sheet is not enough.
        const sheets = found.base.length > 0 ? found.base : found.all;
        const loaded = sheets.some((s) => alwaysLoaded(s) || (own !== null && s.startsWith(`features/${own}/`)));
        if (!loaded) borrowed.push(`${rel(file)}: .${name} (only in ${sheets.join(', ')})`);
      }
    }
    expect(borrowed).toEqual([]);
  });

  it('a class has its base rule in one sheet: copies in several features make a screen depend on which was opened first', () => {
    const copied = [...definitions()]
      .filter(([, found]) => found.base.length > 1 && !found.base.every(alwaysLoaded))
      .map(([name, found]) => `.${name}: ${found.base.join(', ')}`);
    expect(copied).toEqual([]);
  });
});
