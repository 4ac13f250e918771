import { can } from '../../auth/permissions';
import { refuse, ok, registerWrite, type WriteOutcome } from '../../sync/writes';
import { auditMutation } from '../scoped';
import { checkFrom, checkTo, moveParticipants, moveWorkPlanManager, type Moved } from '../../caseload/transfer';
import { caseloadWrites } from '../../../src/domain/caseload/writes';

/**
 * Caseload transfer (02 §1, §7: replaceCoach, replaceManager, replaceCaseloadManager) as declared writes:
 * queued offline like every write, each run in the one transaction of its write (all or nothing), with an
 * audit row of what moved besides the write's own. Needs caseload:manage (managers, administrators); the
 * rows that move are those in the viewer's scope. Rules: docs/decisions.md "Caseload transfer".
 */
/** The schema refuses a missing user id, so both are numbers here (the key is optional only in the schema's type). */
const users = (i: { fromUserId?: number; toUserId?: number }) => ({ fromUserId: Number(i.fromUserId), toUserId: Number(i.toUserId) });
const done = (moved: WriteOutcome | Moved): moved is Moved => 'participants' in moved;

registerWrite(
  caseloadWrites.replaceCoach,
  async ({ tx, viewer, input: given, graph }) => {
    if (!can(viewer, 'manage', 'caseload')) return refuse('caseload.errors.notAllowed');
    const input = { ...given, ...users(given) };
    const refused = (await checkFrom(tx, viewer, input.fromUserId)) ?? (await checkTo(tx, viewer, input.toUserId, 'coach'));
    if (refused) return refused;
    const moved = await moveParticipants(tx, viewer, 'coach', input.fromUserId, input.toUserId, input.participantIds);
    if (!done(moved)) return moved;
    const action = 'caseload.replaceCoach';
    await auditMutation(tx, { ...graph, viewer }, action, 'user', input.fromUserId, { to: input.toUserId, selection: input.participantIds?.length ?? null, ...moved });
    return ok();
  },
  { description: 'Moves the participants of one coach (all in reach, or the selected ones) and their unfinished work plans to another coach, in one transaction.' },
);

registerWrite(
  caseloadWrites.replaceCaseloadManager,
  async ({ tx, viewer, input: given, graph }) => {
    if (!can(viewer, 'manage', 'caseload')) return refuse('caseload.errors.notAllowed');
    const input = { ...given, ...users(given) };
    const refused = (await checkFrom(tx, viewer, input.fromUserId)) ?? (await checkTo(tx, viewer, input.toUserId, 'manager'));
    if (refused) return refused;
    const moved = await moveParticipants(tx, viewer, 'manager', input.fromUserId, input.toUserId, input.participantIds);
    if (!done(moved)) return moved;
    const action = 'caseload.replaceCaseloadManager';
    await auditMutation(tx, { ...graph, viewer }, action, 'user', input.fromUserId, { to: input.toUserId, selection: input.participantIds?.length ?? null, ...moved });
    return ok();
  },
  { description: "Moves the caseload of one manager (participants, their open cases and unfinished work plans; all in reach or the selected participants) to another manager, in one transaction." },
);

registerWrite(
  caseloadWrites.replaceManager,
  async ({ tx, viewer, input: given, graph }) => {
    if (!can(viewer, 'manage', 'caseload')) return refuse('caseload.errors.notAllowed');
    const input = { ...given, ...users(given) };
    const refused = (await checkFrom(tx, viewer, input.fromUserId)) ?? (await checkTo(tx, viewer, input.toUserId, 'manager'));
    if (refused) return refused;
    const moved = await moveWorkPlanManager(tx, viewer, input.fromUserId, input.toUserId, input.workPlanIds);
    if (!done(moved)) return moved;
    const action = 'caseload.replaceManager';
    await auditMutation(tx, { ...graph, viewer }, action, 'user', input.fromUserId, { to: input.toUserId, selection: input.workPlanIds?.length ?? null, workPlans: moved.workPlans });
    return ok();
  },
  { description: 'Moves the unfinished work plans of one manager (all in reach, or the selected plans) to another manager, in one transaction.' },
);
