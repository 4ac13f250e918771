/**
 * Every IndexedDB database the app keeps on this device for one identity (issue 36), all sealed with that
 * identity's data key (src/lib/device-crypto/data-keys.ts). The identity is the replica's name
 * (`replicaName(session)`, src/domain/sync/replica-schema.ts), e.g. `werkpad-1-5` or `werkpad-1-5-via-1.5`.
 * Sign-out and a wipe delete exactly these; a database added for a user must be named here.
 */

/** The review drafts of an identity (src/features/work-plans/draft-store.ts). */
export const draftsDatabaseName = (identity: string): string => `${identity}-drafts`;

/** The dashboards' last figures of an identity (src/features/dashboards/figure-cache.ts). */
export const figuresDatabaseName = (identity: string): string => `${identity}-figures`;

/**
 * The replica (documents, outbox, queued files, checkpoints, meta), the drafts and the figures. The shared
 * databases of earlier builds (`werkpad-review-drafts`, `werkpad-dashboard-figures`, the portal's former queue)
 * are moved and deleted on the identity's first start; see `legacyDatabaseNames`.
 */
export function identityDatabaseNames(identity: string): string[] {
  return [identity, draftsDatabaseName(identity), figuresDatabaseName(identity)];
}

/** The clear databases of earlier builds that held this identity's rows (deleted once they are moved). */
export function legacyDatabaseNames(identity: string): string[] {
  const own = /^werkpad-(\d+)-(\d+)$/.exec(identity);
  return ['werkpad-review-drafts', 'werkpad-dashboard-figures', ...(own ? [`werkpad-portal-${own[1]}-${own[2]}`] : [])];
}
