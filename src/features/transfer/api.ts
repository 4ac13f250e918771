import { graphRequest, jsonBody, restJson } from '../../lib/api/client';
import type { ScannerAnswer, ScannerRequest, TransferForm, TransferKind } from '../../domain/transfer/settings';

/** Import and export settings live only on the server (not replicated): every call needs a connection. */
export interface TransferRunView {
  id: string;
  trigger: 'schedule' | 'manual';
  state: 'running' | 'succeeded' | 'failed';
  startedAt: string;
  finishedAt: string | null;
  rowsRead: number;
  created: number;
  updated: number;
  skipped: number;
  refused: number;
  refusals?: { row: number; key: string | null; reason: string; field: string | null }[];
  error: string | null;
}

export interface TransferListItem {
  id: string;
  kind: TransferKind;
  label: string;
  schedule: string;
  url: string;
  lastRun: TransferRunView | null;
}

export async function fetchTransfers(direction: 'import' | 'export'): Promise<TransferListItem[]> {
  const data = await graphRequest<{ transferSettings: TransferListItem[] }>(
    'query($d: String!) { transferSettings(direction: $d) { id kind label schedule url lastRun { id trigger state startedAt finishedAt rowsRead created updated skipped refused error } } }',
    { d: direction },
  );
  return data.transferSettings;
}

export async function fetchTransferOptions(): Promise<{ projects: { id: string; name: string }[]; roles: { id: string; label: string }[] }> {
  const data = await graphRequest<{ projects: { id: string; name: string }[]; aclRoles: { id: string; label: string }[] }>('{ projects { id name } aclRoles { id label } }');
  return { projects: data.projects, roles: data.aclRoles };
}

export const fetchTransfer = (id: string) => restJson<TransferForm & { id: string; kind: TransferKind }>(`/api/transfer/${encodeURIComponent(id)}`);
export const saveTransfer = (id: string, form: TransferForm) =>
  restJson<{ id: string; created: boolean }>(`/api/transfer/${encodeURIComponent(id)}`, { ...jsonBody(form), method: 'PUT' });
export const deleteTransfer = (id: string) => restJson<{ success: boolean }>(`/api/transfer/${encodeURIComponent(id)}`, { method: 'DELETE' });
export const scanEndpoint = (request: ScannerRequest) => restJson<ScannerAnswer>('/api/transfer/endpoint-scanner', jsonBody(request));
export const runTransferNow = (id: string) => restJson<{ jobId: string }>(`/api/transfer/${encodeURIComponent(id)}/run`, jsonBody({}));
export const fetchRuns = (id: string, page: number, perPage = 10) =>
  restJson<{ items: TransferRunView[]; total: number; page: number; perPage: number; queued: boolean }>(`/api/transfer/${encodeURIComponent(id)}/runs?page=${page}&per_page=${perPage}`);
