/**
 * The deploy the fault run makes mid-run (issue 19, write versions of issue 37): probes.save's input was `text` in
 * the build before it and is `body` from version 2 on. A real deploy updates the server first, so the fault run's
 * server processes run version 2 from the start (`deployProbeSaveOnServer`: they take version 1 and 2 rows, and
 * migrate a version-1 row that still says `text`), and each client's worker moves to version 2 when it restarts
 * (tests/faults/scenario.ts, migrating what it had queued).
 */
import { findWrite } from '../../src/domain/writes/registry';

export const DEPLOYED_PROBE_SAVE_VERSION = 2;

/** Version 1 said `text` where version 2 says `body`. */
export function migrateProbeSave(from: number, args: Record<string, unknown>): Record<string, unknown> {
  if (from >= DEPLOYED_PROBE_SAVE_VERSION || !('text' in args)) return args;
  const { text, ...rest } = args;
  return { ...rest, body: text };
}

/** In a fault-run server process only: its probes.save is the deployed version 2 (the registry's descriptor). */
export function deployProbeSaveOnServer(): void {
  const write = findWrite('probes.save');
  if (!write) throw new Error('probes.save is not a write');
  Object.assign(write, { version: DEPLOYED_PROBE_SAVE_VERSION, migrate: migrateProbeSave });
}
