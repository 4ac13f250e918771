/**
 * Every text of one language, built from the files themselves: the core file plus every
 * `areas/<area>.<lang>.json` under its key (the file name in camelCase, `work-plans` → `workPlans`).
 * i18n.ts loads `nl-texts.ts` or `en-texts.ts` (one chunk each) on demand, so an area added to
 * resources.ts (the registry the types and tests read) is loaded without touching this code;
 * all-texts.test.ts checks that both agree.
 */
export type Texts = { readonly [key: string]: string | Texts };

/** `./areas/work-plans.nl.json` → `workPlans`. */
export function areaKey(file: string): string {
  const name = file.replace(/^.*\//, '').replace(/\.(nl|en)\.json$/, '');
  return name.replace(/-([a-z])/g, (_m, letter: string) => letter.toUpperCase());
}

export function combine(core: Texts, areas: Record<string, Texts>): Texts {
  const out: Record<string, string | Texts> = { ...core };
  for (const [file, texts] of Object.entries(areas)) out[areaKey(file)] = texts;
  return out;
}
