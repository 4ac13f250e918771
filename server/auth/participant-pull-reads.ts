import type { CollectionName } from '../../src/domain/sync/collections';
import { RawJsonItems } from '../graph/raw-json';
import { PULL_RULES } from './participant-data';
import { noteAccountReads, noteParentReads, noteParticipantReads, type ReadContext } from './participant-reads';

/**
 * A pull page's participant reads (issue 38, finding 3), by the collection's rule (PULL_RULES): participants
 * by id, documents by their participant keys, users that are participants' logins, child rows by their
 * parent. Documents built as JSON text by PostgreSQL are scanned for the keys, not parsed.
 */
const PARTICIPANT_KEYS = ['participantId', 'senderParticipantId', 'recipientParticipantId'] as const;
// PostgreSQL's json_build_object writes `"key" : value`; JSON.stringify `"key":value`.
const KEY_TEXT = /"(?:participantId|senderParticipantId|recipientParticipantId)"\s*:\s*(\d+)/g;

function texts(documents: readonly unknown[]): { objects: Record<string, unknown>[]; texts: string[] } {
  const objects: Record<string, unknown>[] = [];
  const out: string[] = [];
  for (const d of documents) {
    if (d instanceof RawJsonItems) out.push(...d.texts);
    else if (typeof d === 'string') out.push(d);
    else if (d !== null && typeof d === 'object') objects.push(d as Record<string, unknown>);
  }
  return { objects, texts: out };
}

function valuesOf(documents: readonly unknown[], key: string, pattern: RegExp): unknown[] {
  const { objects, texts: raw } = texts(documents);
  const values: unknown[] = objects.filter((o) => o._deleted !== true).map((o) => o[key]);
  for (const t of raw) for (const m of t.matchAll(pattern)) values.push(m[1]);
  return values;
}

export function notePulledParticipants(ctx: ReadContext, name: CollectionName, page: { documents: readonly unknown[]; liveIds: readonly number[] }): void {
  const rule = PULL_RULES[name];
  const via = `pull${name.charAt(0).toUpperCase()}${name.slice(1)}`;
  if (rule.carries === false || page.liveIds.length === 0) return;
  switch (rule.carries) {
    case 'self':
      return noteParticipantReads(ctx, page.liveIds, via);
    case 'account':
      return noteAccountReads(ctx, page.liveIds, via);
    case 'column': {
      const { objects, texts: raw } = texts(page.documents);
      const ids: unknown[] = [];
      for (const o of objects) if (o._deleted !== true) for (const k of PARTICIPANT_KEYS) ids.push(o[k]);
      for (const t of raw) for (const m of t.matchAll(KEY_TEXT)) ids.push(m[1]);
      return noteParticipantReads(ctx, ids, via);
    }
    case 'parent': {
      const key = rule.column.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
      return noteParentReads(ctx, rule.parent, 'id', valuesOf(page.documents, key, new RegExp(`"${key}"\\s*:\\s*(\\d+)`, 'g')), via);
    }
  }
}
