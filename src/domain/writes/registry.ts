/**
 * Every declared write, by area: `syncApi().<area>.<action>(input)` on the main thread, the same
 * descriptor in the worker and on the server. An area adds ONE line here (this file merges line by
 * line, see .gitattributes). Recipe: docs/writes.md.
 */
import type { Write } from './define';
import { messageWrites } from '../messages/writes';
import { probeWrites } from '../sync-probes/writes';
import { workPlanWrites } from '../work-plan/writes';
import { wageValueWrites } from '../wage-value/writes';
import { portalWrites } from '../portal/writes';
import { participantWrites } from '../participants/writes';
import { userWrites } from '../users/writes';
import { instrumentWrites } from '../instruments/writes';
import { caseloadWrites } from '../caseload/writes';
import { workPlanFileWrites } from '../work-plan-files/writes';
import { dashboardWrites } from '../dashboards/writes';

export const WRITES = {
  messages: messageWrites,
  probes: probeWrites,
  workPlans: workPlanWrites,
  wageValue: wageValueWrites,
  portal: portalWrites,
  participants: participantWrites,
  users: userWrites,
  instruments: instrumentWrites,
  caseload: caseloadWrites,
  workPlanFiles: workPlanFileWrites,
  dashboards: dashboardWrites,
};

export type Writes = typeof WRITES;
export type WriteAreaName = keyof Writes;
/** `messages.send`, `probes.save`, ...: how an outbox row names its write. */
export type WriteName = { [A in WriteAreaName]: `${A}.${Extract<keyof Writes[A], string>}` }[WriteAreaName];

export function findWrite(name: string): Write | null {
  const [area, action, ...rest] = name.split('.');
  if (!area || !action || rest.length > 0 || !Object.hasOwn(WRITES, area)) return null;
  const actions = WRITES[area as WriteAreaName] as Record<string, Write>;
  return Object.hasOwn(actions, action) ? (actions[action] ?? null) : null;
}

/** Every descriptor with its name, for the server's registration and the tests. */
export function allWrites(): { name: WriteName; write: Write }[] {
  return Object.entries(WRITES).flatMap(([area, actions]) =>
    Object.entries(actions as Record<string, Write>).map(([action, write]) => ({ name: `${area}.${action}` as WriteName, write })),
  );
}
