import type { MenuCatalogue, MenuEntry, NavigationAnswer, NavigationItem } from './menu-types';

/** Uris compare without a trailing slash (`/custom-fields/` = `/custom-fields`), except the root. */
export function normaliseUri(uri: string): string {
  const trimmed = uri.trim();
  return trimmed.length > 1 && trimmed.endsWith('/') ? trimmed.replace(/\/+$/, '') : trimmed;
}

function uriSet(items: readonly NavigationItem[] | undefined): Set<string> {
  return new Set((items ?? []).map((item) => normaliseUri(item.uri)));
}

/**
 * Filters the fixed catalogue by the server's navigation answer (01 §2):
 * - a top entry absent from the answer is dropped;
 * - sub-pages absent from the answer's entry are dropped;
 * - an entry with sub-pages is dropped when none remain.
 * Entries are matched by uri, at the top level and among each entry's sub-pages.
 * The catalogue's order is kept; the answer's order and unknown answer items are ignored.
 */
export function filterMenu<L extends string>(catalogue: MenuCatalogue<L>, answer: NavigationAnswer): MenuEntry<L>[] {
  const allowedTop = new Map<string, NavigationItem>();
  for (const item of answer.items) {
    const key = normaliseUri(item.uri);
    if (!allowedTop.has(key)) allowedTop.set(key, item);
  }

  const result: MenuEntry<L>[] = [];
  for (const entry of catalogue) {
    const allowed = allowedTop.get(normaliseUri(entry.uri));
    if (!allowed) continue;
    if (entry.children === undefined) {
      result.push({ id: entry.id, uri: entry.uri, labelKey: entry.labelKey });
      continue;
    }
    const allowedChildren = uriSet(allowed.children);
    const children = entry.children.filter((child) => allowedChildren.has(normaliseUri(child.uri)));
    if (children.length === 0) continue;
    result.push({ id: entry.id, uri: entry.uri, labelKey: entry.labelKey, children });
  }
  return result;
}
