import { randomUUID } from 'node:crypto';
import type { Plugin } from 'graphql-yoga';
import { isAsyncIterable } from '@envelop/core';

/**
 * Issue 25: JSON text that goes into a graph answer as it is, never parsed and serialised again.
 * A pull page's documents are JSON text built by PostgreSQL; parsing them into objects for
 * graphql-yoga to serialise again cost the server more than the database did.
 *
 * A RawJsonItems stands as the one item of a JSON list field and holds the JSON texts of all the
 * list's items: `{"a" : 1}`, `{"b" : 2}`. The answer's JSON.stringify (rawJsonStringify, set on
 * every result by useRawJson) writes a placeholder for it and then puts the texts, comma-separated,
 * in its place, so the list's own brackets close around them: `[{"a" : 1},{"b" : 2}]`. The answer
 * is joined once, with the texts as they are (a page is megabytes: every copy of it costs). Each
 * text must be one valid JSON value, and there must be at least one (an empty page is `[]`).
 */
export class RawJsonItems {
  constructor(readonly texts: readonly string[]) {}

  /** Only rawJsonStringify may write this (anywhere else the list would come out as a list of one). */
  toJSON(): string {
    if (collecting === null) throw new Error('RawJsonItems is written only by rawJsonStringify (useRawJson).');
    collecting.push(this.texts);
    return `${PLACEHOLDER}${collecting.length - 1}`;
  }
}

/** Per process and secret (it never leaves): no value a client stored can look like a placeholder. */
const PLACEHOLDER = `rawjson:${randomUUID()}:`;
/** How a placeholder appears in JSON text: a string, so with its opening quote. */
const QUOTED = `"${PLACEHOLDER}`;
/** The texts of the stringify under way (JSON.stringify is synchronous: one at a time). */
let collecting: (readonly string[])[] | null = null;

/**
 * JSON.stringify that writes each RawJsonItems' text in place of its placeholder. The answer
 * without the documents is small, so finding the placeholders in it costs little.
 */
export function rawJsonStringify(value: unknown): string {
  const texts: (readonly string[])[] = [];
  collecting = texts;
  let skeleton: string;
  try {
    skeleton = JSON.stringify(value);
  } finally {
    collecting = null;
  }
  if (texts.length === 0) return skeleton;
  const parts: string[] = [];
  let from = 0;
  for (;;) {
    const at = skeleton.indexOf(QUOTED, from);
    if (at < 0) break;
    const end = skeleton.indexOf('"', at + QUOTED.length);
    const items = texts[Number(skeleton.slice(at + QUOTED.length, end))];
    if (items === undefined || items.length === 0) throw new Error('A raw JSON placeholder without its texts.');
    parts.push(skeleton.slice(from, at), items[0]!);
    for (let i = 1; i < items.length; i++) parts.push(',', items[i]!);
    from = end + 1;
  }
  parts.push(skeleton.slice(from));
  return parts.join('');
}

/** The results of one answer (yoga answers a list when batching, which this server refuses). */
function resultsOf(result: unknown): object[] {
  if (Array.isArray(result)) return result as object[];
  return result !== null && typeof result === 'object' && !isAsyncIterable(result) ? [result] : [];
}

/**
 * Yoga plugin: every answer is written by rawJsonStringify (yoga writes a result with its own
 * `stringify` when it has one). Set when the answer is processed, after every plugin that may
 * replace the result has run.
 */
export function useRawJson(): Plugin {
  return {
    onResultProcess({ result }) {
      for (const r of resultsOf(result)) Object.defineProperty(r, 'stringify', { value: rawJsonStringify, enumerable: false, configurable: true });
    },
  };
}
