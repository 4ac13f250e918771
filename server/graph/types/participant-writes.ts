import { participantWrites } from '../../../src/domain/participants/writes';
import { ok, refuse, registerWrite, type WriteOutcome } from '../../sync/writes';
import type { ParticipantRow } from '../rows';
import { applyParticipantVisibility, updateParticipantEffect } from './participant';

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
