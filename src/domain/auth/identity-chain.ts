/**
 * The impersonation chain kept by the client in the identity_chain cookie: a JSON array of user ids
 * (a comma list is accepted too). The last id is also sent as the x-imitate-user header.
 */
export function parseIdentityChain(value: string | null | undefined): number[] {
  if (!value) return [];
  let raw: unknown;
  const text = value.trim();
  try {
    raw = text.startsWith('[') ? JSON.parse(text) : text.split(',');
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  const ids: number[] = [];
  for (const item of raw) {
    const id = typeof item === 'number' ? item : Number(String(item).trim());
    if (!Number.isSafeInteger(id) || id <= 0) return [];
    ids.push(id);
  }
  return ids.slice(0, 10);
}

export function formatIdentityChain(chain: readonly number[]): string {
  return JSON.stringify(chain);
}
