import { restJson } from '../../lib/api/client';
import type { DeviceList, DeviceListQuery } from '../../domain/devices/devices';

/** GET /api/devices: the viewer's devices, or (administrators) the organisation's. */
export function fetchDevices(query: Partial<Pick<DeviceListQuery, 'scope' | 'page' | 'userId'>>, signal?: AbortSignal): Promise<DeviceList> {
  const params = new URLSearchParams();
  if (query.scope) params.set('scope', query.scope);
  if (query.page) params.set('page', String(query.page));
  if (query.userId) params.set('userId', String(query.userId));
  return restJson<DeviceList>(`/api/devices?${params.toString()}`, {}, signal ? { signal } : {});
}

/** POST /api/devices/{id}/revoke */
export async function revokeDevice(id: string): Promise<void> {
  await restJson(`/api/devices/${encodeURIComponent(id)}/revoke`, { method: 'POST' });
}
