import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { en, nl } from './resources';
import { AUTH_FIELDS, AUTH_REASONS, authErrorReason } from '../domain/auth/reasons';
import { MESSAGE_REASON_KEYS } from '../domain/messages/reasons';
import { PORTAL_REASONS } from '../domain/portal/reasons';
import { REASON_CODE } from '../domain/shared/issue-reason';

/**
 * Every reason code the server can send has a text in nl and en (docs/decisions.md, "Texts"): the
 * exported lists, and every code-shaped string literal in the server and the domain (what fail(),
 * notCreated(), refuse(), restError() and the schemas' messages are given).
 */

type Tree = { readonly [key: string]: string | Tree };

function textOf(tree: Tree, key: string): string | null {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return null;
    // A text with a count may exist only in its plural forms (key_one, key_other).
    node = node[part] ?? node[`${part}_other`];
  }
  return typeof node === 'string' && node.trim() !== '' ? node : null;
}

const root = fileURLToPath(new URL('../..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' || name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Top-level namespaces of the locale files: a literal is taken for a code only when it starts with one. */
const namespaces = new Set(Object.keys(nl));

/** Code-shaped string literals ('auth.invalidCredentials') of a source file, with where they stand. */
function codesIn(file: string): { code: string; where: string }[] {
  const text = readFileSync(file, 'utf8');
  const out: { code: string; where: string }[] = [];
  for (const match of text.matchAll(/'([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)+)'/g)) {
    const code = match[1] ?? '';
    const first = code.split('.')[0] ?? '';
    if (!namespaces.has(first) || !REASON_CODE.test(code)) continue;
    // audit actions ('login.failure') and write names ('messages.archive') look like codes but are no texts
    const before = text.slice(Math.max(0, match.index - 40), match.index);
    if (/\b(action|op)\s*(:|===|!==|=)\s*$/.test(before)) continue;
    // an object key ('login.role': …, a dashboard property id) names something, it is never sent as a reason
    if (/^\s*:/.test(text.slice(match.index + match[0].length, match.index + match[0].length + 4))) continue;
    const line = text.slice(0, match.index).split('\n').length;
    out.push({ code, where: `${relative(root, file)}:${line}` });
  }
  return out;
}

const listed = [...AUTH_REASONS, ...Object.values(authErrorReason), ...MESSAGE_REASON_KEYS, ...PORTAL_REASONS];
const scanned = [...sourceFiles(join(root, 'server')), ...sourceFiles(join(root, 'src/domain'))].flatMap(codesIn);

describe('reason codes the server sends', () => {
  it('the scan finds the codes (it can fail)', () => {
    const codes = new Set(scanned.map((s) => s.code));
    for (const code of ['auth.invalidCredentials', 'reasons.notFoundOrForbidden', 'validation.required', 'admin.errors.forbidden']) expect(codes).toContain(code);
  });

  it.each([
    ['nl', nl as unknown as Tree],
    ['en', en as unknown as Tree],
  ])('every listed code has a text in %s', (_lng, tree) => {
    expect(listed.filter((code) => textOf(tree, code) === null)).toEqual([]);
  });

  it.each([
    ['nl', nl as unknown as Tree],
    ['en', en as unknown as Tree],
  ])('every code in server/ and src/domain has a text in %s', (_lng, tree) => {
    const missing = scanned.filter((s) => textOf(tree, s.code) === null).map((s) => `${s.code} (${s.where})`);
    expect([...new Set(missing)]).toEqual([]);
  });

  it.each([
    ['nl', nl as unknown as Tree],
    ['en', en as unknown as Tree],
  ])('every field code the server names has a label in %s', (_lng, tree) => {
    expect(AUTH_FIELDS.filter((field) => textOf(tree, `reasons.fields.${field}`) === null)).toEqual([]);
  });

  it('no Dutch sentence is left in the server\'s answers or the domain (texts live in the locale files)', () => {
    const dutch = /['`][^'`\n]*\b(Probeer|niet ingevuld|bestaat niet|is ongeldig|geen toegang|al in gebruik|Uw sessie|wachtwoord is|Beste|Nieuw bericht|Met vriendelijke groet)\b[^'`\n]*['`]/;
    const files = [...sourceFiles(join(root, 'server')), ...sourceFiles(join(root, 'src/domain'))].filter(
      (file) => !/[/\\]db[/\\](demo-data|seed)/.test(file),
    );
    const hits = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, where: `${relative(root, file)}:${i + 1}` }))
        .filter(({ line }) => dutch.test(line) && !/^\s*(\/\/|\*)/.test(line)),
    );
    expect(hits.map((h) => h.where)).toEqual([]);
  });
});
