import type { DocumentNode } from 'graphql';

/** Operation names remembered per document at most (a client may send any name with a document). */
const NAMES_PER_DOCUMENT = 8;

/**
 * Memoizes a pure function of an operation: its parsed document and the operation name asked.
 * Yoga's parse cache hands out the same DocumentNode for the same query text, so the plugins that
 * read a document's shape on every request (which root fields, is it a mutation) compute it once per
 * query text (issue 25). Held weakly by the document: gone when the parse cache lets it go.
 */
export function perOperation<T>(fn: (document: DocumentNode, operationName: string | null | undefined) => T): (document: DocumentNode, operationName: string | null | undefined) => T {
  const cache = new WeakMap<DocumentNode, Map<string, T>>();
  return (document, operationName) => {
    let byName = cache.get(document);
    if (!byName) cache.set(document, (byName = new Map<string, T>()));
    const key = operationName ?? '';
    const known = byName.get(key);
    if (known !== undefined || byName.has(key)) return known as T;
    const value = fn(document, operationName);
    if (byName.size < NAMES_PER_DOCUMENT) byName.set(key, value);
    return value;
  };
}
