import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { en as enRegistry, nl as nlRegistry } from './resources';
import { en as enLoaded } from './en-texts';
import { initI18n, loadTexts } from './i18n';
import { nl as nlLoaded } from './nl-texts';
import { signInNl } from './sign-in-texts';

/**
 * The sign-in routes carry only their own Dutch texts (sign-in-texts.ts); every other text loads
 * before a signed-in route renders (loadTexts in guardRoute). These tests hold both halves:
 * - the texts loaded at run time are exactly the registry's (resources.ts), in both languages;
 * - every key the public routes use, found by following their imports, is among the sign-in texts,
 *   unless the route loads every text in its beforeLoad (loadTexts, or guardRoute);
 * - before loadTexts() an area's key is missing, after it it is there (so the guard's await matters).
 */

type Tree = { readonly [key: string]: string | Tree };

const srcDir = fileURLToPath(new URL('..', import.meta.url));
const namespaces = new Set(Object.keys(nlRegistry));

function node(tree: Tree, key: string): string | Tree | undefined {
  let at: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof at !== 'object') return undefined;
    at = at[part];
  }
  return at;
}

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : leaves(value, `${prefix}${key}.`),
  );
}

function resolveImport(from: string, spec: string): string | null {
  const base = join(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    try {
      if (statSync(candidate).isFile() && /\.tsx?$/.test(candidate)) return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

/** Not followed from main.tsx: the route tree (each route is an entry of its own) and the sync code, loaded once signed in. */
const NOT_FOLLOWED = ['app/router.tsx', 'routeTree.gen.ts', 'app/start-sync.ts'].map((file) => join(srcDir, file));

/** Every source file a module reaches through relative imports (static and dynamic, not `import type`). */
function reachable(start: string): Set<string> {
  const seen = new Set<string>();
  const todo = [start];
  while (todo.length > 0) {
    const file = todo.pop() ?? '';
    if (seen.has(file) || NOT_FOLLOWED.includes(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:^|\n)\s*import\s+(?!type\b)[^;]*?from\s+'(\.[^']+)'|import\('(\.[^']+)'\)|export\s+(?!type\b)[^;]*?from\s+'(\.[^']+)'/g)) {
      const spec = match[1] ?? match[2] ?? match[3] ?? '';
      const next = resolveImport(file, spec);
      if (next) todo.push(next);
    }
  }
  return seen;
}

/** Text keys a file names: full keys ('auth.title') and the fixed start of built ones (`reasons.fields.${f}`). */
function keysIn(file: string): { key: string; partial: boolean; where: string }[] {
  const text = readFileSync(file, 'utf8');
  const out: { key: string; partial: boolean; where: string }[] = [];
  for (const match of text.matchAll(/['"`]([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9_]+)*)(\.\$\{|['"`])/g)) {
    const key = match[1] ?? '';
    if (!key.includes('.') && match[2] !== '.${') continue;
    if (!namespaces.has(key.split('.')[0] ?? '')) continue;
    const line = text.slice(0, match.index).split('\n').length;
    out.push({ key, partial: match[2] === '.${', where: `${relative(srcDir, file)}:${line}` });
  }
  return out;
}

/** Public routes: everything outside the signed-in layout (`_app`), the catch-all's 404 page, and the app around them. */
function publicEntries(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return name === '_app' ? [] : walk(path);
      return /\.tsx$/.test(name) && !/\.test\.tsx$/.test(name) && name !== '$.tsx' ? [path] : [];
    });
  return [
    ...walk(join(srcDir, 'routes')),
    join(srcDir, 'features/errors/named-error-page.tsx'),
    // What every page renders around the routes (the toast region, the PWA prompts, the crash page).
    join(srcDir, 'main.tsx'),
  ];
}

/**
 * Keys a public page's code names but never shows there: the display-settings schema's messages
 * (domain/portal/display-settings.ts, reached through the theme follower) appear only in the
 * signed-in settings form; the sign-out flow (reached through the sign-in page's "sign in as someone
 * else") compares a worker's error with `sync.errors.discardWhileSending` and never shows it there;
 * `messages.send` is the name of a write in the outbox's types (domain/sync/outbox-machine.ts), not a text.
 */
const NOT_SHOWN_ON_PUBLIC_PAGES = ['portal.validation.', 'sync.errors.discardWhileSending', 'messages.send'];

/** The route awaits every text in its beforeLoad: itself, or through guardRoute (the signed-in layouts). */
function loadsEveryText(entry: string): boolean {
  return /\b(loadTexts|guardRoute)\(/.test(readFileSync(entry, 'utf8'));
}

describe('texts loaded at run time', () => {
  it('nl-texts.ts and en-texts.ts hold exactly the registry (resources.ts), every area included', () => {
    expect(nlLoaded).toEqual(nlRegistry);
    expect(enLoaded).toEqual(enRegistry);
  });

  it('the sign-in texts are Dutch texts of the registry, and far fewer than all', () => {
    const all = new Map(leaves(nlRegistry));
    const signIn = leaves(signInNl);
    expect(signIn.filter(([key, value]) => all.get(key) !== value).map(([key]) => key)).toEqual([]);
    expect(signIn.length).toBeLessThan(all.size / 2);
  });
});

describe('the sign-in routes have their texts without loading the rest', () => {
  const entries = publicEntries();

  it('finds the sign-in, two-step, forgot-password and registration routes (the scan can fail)', () => {
    const names = entries.map((file) => relative(srcDir, file));
    for (const route of ['routes/login/{-$request}.tsx', 'routes/login/verify.{-$request}.tsx', 'routes/login/forgot-password.tsx', 'routes/registration/confirm.$token.tsx', 'routes/aanmelden.tsx']) {
      expect(names).toContain(route);
    }
    const loginKeys = [...reachable(join(srcDir, 'routes/login/{-$request}.tsx'))].flatMap(keysIn).map((k) => k.key);
    expect(loginKeys).toContain('login.title');
    expect(loginKeys).toContain('reasons.fields');
  });

  it('every key a public route uses is among the sign-in texts (or the route loads every text first)', () => {
    const missing = new Set<string>();
    for (const entry of entries) {
      if (loadsEveryText(entry)) continue;
      for (const file of reachable(entry)) {
        for (const { key, partial, where } of keysIn(file)) {
          if (NOT_SHOWN_ON_PUBLIC_PAGES.some((prefix) => key.startsWith(prefix))) continue;
          const found = node(signInNl, key);
          if (found === undefined || (partial && typeof found === 'string')) missing.add(`${key} (${where}, from ${relative(srcDir, entry)})`);
        }
      }
    }
    expect([...missing]).toEqual([]);
  });

  it('the routes that do not, show texts outside the sign-in set (so their beforeLoad is needed)', () => {
    const loading = entries.filter(loadsEveryText);
    expect(loading.length).toBeGreaterThan(0);
    for (const entry of loading) {
      const keys = [...reachable(entry)].flatMap(keysIn);
      expect(keys.some(({ key }) => node(signInNl, key) === undefined), relative(srcDir, entry)).toBe(true);
    }
  });
});

describe('loadTexts', () => {
  beforeAll(() => {
    initI18n('nl');
  });

  it('adds every area before a signed-in screen renders; the sign-in texts stay', async () => {
    expect(i18next.exists('workPlans.title')).toBe(false);
    expect(i18next.exists('menu.home')).toBe(false);
    expect(i18next.t('login.title')).toBe('Inloggen');
    await loadTexts();
    const wrong = leaves(nlRegistry)
      .filter(([key]) => !i18next.exists(key))
      .map(([key]) => key);
    expect(wrong).toEqual([]);
    expect(i18next.t('workPlans.cancel')).toBe(nlRegistry.workPlans.cancel);
    expect(i18next.t('login.title')).toBe('Inloggen');
  });
});
