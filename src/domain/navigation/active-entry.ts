import { normaliseUri } from './filter-menu';
import type { MenuEntry } from './menu-types';

function matches(uri: string, pathname: string): boolean {
  const target = normaliseUri(uri);
  if (!target.startsWith('/')) return false;
  if (target === '/') return pathname === '/';
  return pathname === target || pathname.startsWith(`${target}/`);
}

/**
 * The uri of the menu link that represents `pathname`: the longest link uri that equals the path or
 * is a parent of it, among top entries and sub-pages. Null when no link matches.
 */
export function activeMenuUri(menu: readonly MenuEntry[], pathname: string): string | null {
  const path = normaliseUri(pathname.split(/[?#]/, 1)[0] ?? '/') || '/';
  let best: string | null = null;
  for (const entry of menu) {
    for (const link of [entry, ...(entry.children ?? [])]) {
      if (matches(link.uri, path) && (best === null || normaliseUri(link.uri).length > best.length)) {
        best = normaliseUri(link.uri);
      }
    }
  }
  return best;
}

/** The id of the top entry that holds the active link, to open its group. */
export function activeEntryId(menu: readonly MenuEntry[], pathname: string): string | null {
  const uri = activeMenuUri(menu, pathname);
  if (uri === null) return null;
  const holder = menu.find((entry) => (entry.children ?? []).some((child) => normaliseUri(child.uri) === uri));
  if (holder) return holder.id;
  return menu.find((entry) => normaliseUri(entry.uri) === uri)?.id ?? null;
}
