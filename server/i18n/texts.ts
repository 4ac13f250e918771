import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Texts the server itself must write (mails, push notifications: nobody's browser translates them).
 * They live in the locale file src/i18n/areas/notifications.nl.json like every other text, read here
 * (not imported) so the server never holds Dutch of its own. Mails and pushes go out in Dutch, the
 * product's language; `{{name}}` placeholders are filled in.
 */
const LOCALE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../src/i18n/areas/notifications.nl.json');

type Tree = { readonly [key: string]: string | Tree };
let texts: Tree | null = null;

export function serverText(key: string, params: Readonly<Record<string, string | number>> = {}): string {
  texts ??= JSON.parse(readFileSync(LOCALE, 'utf8')) as Tree;
  let node: string | Tree | undefined = texts;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`No server text ${key} in ${LOCALE}`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
