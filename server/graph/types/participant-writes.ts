import { participantWrites } from '../../../src/domain/participants/writes';
import { ok, refuse, registerWrite, type WriteOutcome } from '../../sync/writes';
import type { ParticipantRow } from '../rows';
import { applyParticipantVisibility, updateParticipantEffect } from './participant';
import { audit } from '../../auth/audit';
import { raw, run, sql } from '../../db/sql';
import { serverCollection } from '../../sync/registry';

/** The participant edits (declared in src/domain/participants/writes.ts): offline in the app, exactly once here. */
const outcome = (r: { success: boolean; reason: string | null }): WriteOutcome => (r.success ? ok() : refuse(r.reason ?? 'admin.errors.unknown'));

registerWrite(
  participantWrites.update,
  async ({ tx, viewer, input, current, graph }) =>
    current && Number(current.id) === input.id
      ? outcome(await updateParticipantEffect(tx, { viewer, ip: graph.ip }, input, current as unknown as ParticipantRow))
      : refuse('admin.errors.participant.notFound'),
  { description: "Edits a participant in scope: only the fields sent change; the identifier follows the company's identification system." },
);

registerWrite(
  participantWrites.hide,
  async ({ tx, viewer, current, graph }) =>
    current ? outcome(await applyParticipantVisibility(tx, { viewer, ip: graph.ip }, current as unknown as ParticipantRow, false)) : refuse('admin.errors.participant.notFound'),
  { description: 'Hides a participant (01 §4): it leaves the scope of coaches.' },
);

registerWrite(
  participantWrites.unhide,
  async ({ tx, viewer, current, graph }) =>
    current ? outcome(await applyParticipantVisibility(tx, { viewer, ip: graph.ip }, current as unknown as ParticipantRow, true)) : refuse('admin.errors.participant.notFound'),
  { description: 'Shows a hidden participant again.' },
);

registerWrite(
  participantWrites.recordViewed,
  async ({ tx, viewer, input, graph }) => {
    const participants = serverCollection('participants');
    const { rows } = await run<{ id: number }>(
      tx,
      sql`SELECT t.id FROM ${raw(participants.table)} t
           WHERE t.uuid = ${input.uuid.toLowerCase()} AND ${participants.tenancy(viewer, 't')} AND ${participants.scope(viewer, 't')}`,
    );
    const found = rows[0];
    // Read on the device at viewedAt, reported when it came online: the same action as a read through GraphQL.
    await audit(tx, {
      action: 'participant.read',
      viewer,
      subjectType: 'participant',
      subjectId: found ? Number(found.id) : input.uuid,
      result: found ? 'success' : 'refused',
      // The server's clock stamps the row (created_at); the device's time is kept beside it, as told (issue 20).
      details: { via: 'replica', openedOffline: input.viewedAt },
      ip: graph.ip,
    });
    // Accepted either way: the row above records a refused read; there is nothing for the user to redo.
    return ok();
  },
  { description: "Logs that the viewer opened a participant's file on the device (NEN 7513), at the time it was opened; queued offline." },
);
