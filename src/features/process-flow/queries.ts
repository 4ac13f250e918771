import type { ReplicaReader } from '../../lib/replica/replica-db';
import { Visibility } from '../../domain/shared/visibility';

export interface BoardStatus {
  id: number;
  label: string;
  column: number | null;
  row: number | null;
  rows: number;
  color: string | null;
  participantStatusId: number | null;
  participants: { id: number; name: string }[];
}

export interface Board {
  columns: { column: number; statuses: BoardStatus[] }[];
  unsorted: BoardStatus[];
  all: BoardStatus[];
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const numOrNull = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/** The process flow board (01 §3): statuses grouped by column and ordered by row; without a column apart. */
export async function readBoard(r: ReplicaReader, perStatus = 25): Promise<Board> {
  const statuses = (await r.docs('processFlowStatuses').toArray()).filter((s) => !s._deleted);
  const all: BoardStatus[] = [];
  for (const s of statuses) {
    const statusId = numOrNull(s.participantStatusId);
    const docs = statusId === null ? [] : await r.docs('participants').where('statusId').equals(statusId).filter((p) => !p._deleted && p.display === Visibility.visible).limit(perStatus).toArray();
    all.push({
      id: Number(s.id),
      label: text(s.label),
      column: numOrNull(s.boardColumn),
      row: numOrNull(s.boardRow),
      rows: typeof s.rows === 'number' ? s.rows : 1,
      color: typeof s.color === 'string' ? s.color : null,
      participantStatusId: statusId,
      participants: docs.map((p) => ({ id: Number(p.id), name: [text(p.firstname), text(p.prefix), text(p.lastname)].filter(Boolean).join(' ') })),
    });
  }
  const byRow = (a: BoardStatus, b: BoardStatus) => (a.row ?? 0) - (b.row ?? 0) || a.id - b.id;
  const columnIds = [...new Set(all.map((s) => s.column).filter((c): c is number => c !== null))].sort((a, b) => a - b);
  return {
    columns: columnIds.map((column) => ({ column, statuses: all.filter((s) => s.column === column).sort(byRow) })),
    unsorted: all.filter((s) => s.column === null).sort(byRow),
    all,
  };
}
