/**
 * Archives this tab sent, remembered until the replica shows them archived. An archive row leaves
 * the outbox when the server accepts it, a moment before the pull brings the archived rows; without
 * this memory the messages would flash back into the inbox in between. A refused archive (a failed
 * row) or a minute without confirmation forgets them.
 */
const archived = new Map<string, number>();
const KEEP_MS = 60_000;

export function rememberArchived(uuids: readonly string[], now = Date.now()): void {
  for (const uuid of uuids) archived.set(uuid, now);
}

/** The remembered uuids still waiting for the replica; drops the confirmed, refused and old ones. */
export function unconfirmedArchives(isArchived: (uuid: string) => boolean, refused: ReadonlySet<string>, now = Date.now()): string[] {
  const out: string[] = [];
  for (const [uuid, at] of archived) {
    if (isArchived(uuid) || refused.has(uuid) || now - at > KEEP_MS) archived.delete(uuid);
    else out.push(uuid);
  }
  return out;
}

/** Whether a uuid is remembered as archived here and not yet old (read-only: forgets nothing). */
export function isRememberedArchive(uuid: string, now = Date.now()): boolean {
  const at = archived.get(uuid);
  return at !== undefined && now - at <= KEEP_MS;
}

/** Whether any archive is remembered and not yet old (read-only): when none is, a tab page needs no overlay. */
export function hasRememberedArchives(now = Date.now()): boolean {
  for (const at of archived.values()) if (now - at <= KEEP_MS) return true;
  return false;
}
