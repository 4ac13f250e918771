/**
 * Which replicas this browser holds, so that signing out deletes all of them (the user's own and
 * those of every user impersonated in that session), and a replica left behind by a session that
 * expired is found at the next sign-in. Kept in localStorage, shared by the tabs.
 */
export interface ReplicaEntry {
  /** The IndexedDB database name (replicaName). */
  name: string;
  companyId: number;
  userId: number;
  identity: string;
  /** The identity of the user who signed in (not impersonated) when this replica was opened. */
  root: string;
  openedAt: number;
  /** Whose rows wait here, as the changes page names them (the user, and who impersonated them). */
  label?: string;
  /** The identity its rows are made under (row-identity.ts). */
  rowIdentity?: string;
}

const KEY = 'werkpad.replicas';

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function listReplicas(): ReplicaEntry[] {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as ReplicaEntry[]).filter((e) => typeof e?.name === 'string' && typeof e.root === 'string') : [];
  } catch {
    return [];
  }
}

function save(entries: readonly ReplicaEntry[]): void {
  try {
    storage()?.setItem(KEY, JSON.stringify(entries));
  } catch {
    // Storage full or unavailable: the replicas stay findable by name only.
  }
}

export function rememberReplica(entry: ReplicaEntry): void {
  save([...listReplicas().filter((e) => e.name !== entry.name), entry]);
}

export function forgetReplicas(names: readonly string[]): void {
  const gone = new Set(names);
  save(listReplicas().filter((e) => !gone.has(e.name)));
}

/** The replicas of one signed-in session: the user's own and every user impersonated from it. */
export function replicasOfSession(root: string): ReplicaEntry[] {
  return listReplicas().filter((e) => e.root === root || e.identity === root);
}
