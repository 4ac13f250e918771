import { builder } from '../builder';
import { requireViewer, can, loadViewerFlags } from '../../auth/permissions';
import { registerWrite, type WriteOutcome } from '../../sync/writes';
import { wageValueWrites } from '../../../src/domain/wage-value/writes';
import type { GraphContext } from '../context';
import type { EffectAnswer, EffectContext } from '../../wage-value/effect';
import { deleteMeasurement, documentOf, lockMeasurement, saveMeasurement, setMeasurementStatus } from '../../wage-value/measurements';
import { deletePlan, deletePlanNote, savePlan, savePlanNote } from '../../wage-value/plans';
import { saveSettings } from '../../wage-value/settings';
import { renderReportPdf } from '../../wage-value/report-pdf';
import { printedParticipant, snapshotOf } from '../../wage-value/report-file';
import { mayRevealBsn } from '../../auth/bsn';
import { audit } from '../../auth/audit';
import { draftOfDocument } from '../../../src/domain/wage-value/measurement';
import { reportFileName } from '../../../src/domain/wage-value/report';
import { reportTranslator } from '../../wage-value/report-pdf';
import type { MeasurementStatus } from '../../../src/domain/wage-value/constants';

/**
 * The wage-value writes (02 §7 mutations), declared in src/domain/wage-value/writes.ts; each effect lives
 * in server/wage-value/ (the same rules as the form, with the same reason keys). registerWrite adds
 * exactly-once, the per-field merge, the audit row and the revision.
 */
const effect = (fn: (c: EffectContext, input: unknown) => Promise<EffectAnswer>) =>
  ({ tx, viewer, input, graph }: { tx: EffectContext['tx']; viewer: EffectContext['viewer']; input: unknown; graph: GraphContext }): Promise<WriteOutcome> =>
    fn({ tx, viewer, dataDir: graph.config.dataDir, now: new Date().toISOString() }, input);

registerWrite(wageValueWrites.saveMeasurement, effect(saveMeasurement), { description: 'Saves one step of a measurement (creates it on the first save); the server recomputes the figures.' });
registerWrite(wageValueWrites.setStatus, effect(setMeasurementStatus), { description: 'concept → definitive (complete; read-only afterwards; report stored as file kind 18) or cancelled.' });
registerWrite(wageValueWrites.deleteMeasurement, effect(deleteMeasurement), { description: 'Deletes a concept measurement.' });
registerWrite(wageValueWrites.addPlan, effect((c, i) => savePlan(c, i, 'add')), { description: 'Adds a planning row (planLabelDefaults for a new plan).' });
registerWrite(wageValueWrites.updatePlan, effect((c, i) => savePlan(c, i, 'update')));
registerWrite(wageValueWrites.deletePlan, effect(deletePlan));
registerWrite(wageValueWrites.addNote, effect((c, i) => savePlanNote(c, i, 'add')));
registerWrite(wageValueWrites.updateNote, effect((c, i) => savePlanNote(c, i, 'update')));
registerWrite(wageValueWrites.deleteNote, effect(deletePlanNote));
registerWrite(wageValueWrites.saveSettings, effect(saveSettings), { description: 'The status, sequence and region lists and the plan label defaults.' });

interface PreviewShape { success: boolean; reason: string | null; name: string | null; base64: string | null }
const WageValuePreview = builder.objectRef<PreviewShape>('WageValuePreview').implement({
  fields: (t) => ({
    success: t.exposeBoolean('success'),
    reason: t.exposeString('reason', { nullable: true }),
    name: t.exposeString('name', { nullable: true }),
    base64: t.exposeString('base64', { nullable: true, description: 'The report PDF in base64.' }),
  }),
});

builder.mutationField('previewWageValueMeasurement', (t) =>
  t.field({
    type: WageValuePreview,
    description: 'The report PDF of the measurement as stored now (a concept shows CONCEPT).',
    args: { uuid: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      const none = (reason: string): PreviewShape => ({ success: false, reason, name: null, base64: null });
      if (!can(viewer, 'view', 'wageValueMeasurements', await loadViewerFlags(ctx.db, viewer))) return none('wageValue.errors.forbidden');
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(args.uuid)) return none('wageValue.errors.notFound');
      return ctx.db.transaction(async (tx) => {
        const row = await lockMeasurement({ tx, viewer, dataDir: ctx.config.dataDir, now: '' }, args.uuid);
        if (!row || row.deleted_at !== null) return none('wageValue.errors.notFound');
        const status = String(row.status) as MeasurementStatus;
        const now = new Date().toISOString();
        // The whole BSN only for a role that may see it, and that print is logged (issue 20); else masked.
        const whole = mayRevealBsn(viewer);
        const participant = await printedParticipant(tx, row, whole);
        const bytes = await renderReportPdf({ draft: draftOfDocument(documentOf(row)), status, participant, printedAt: now });
        if (whole && participant.bsn) {
          await audit(tx, { viewer, action: 'participant.bsn.print', subjectType: 'participant', subjectId: Number(row.participant_id), details: { measurement: String(row.uuid) }, ip: ctx.ip });
        }
        return { success: true, reason: null, name: reportFileName(reportTranslator(), snapshotOf(row), status, now), base64: bytes.toString('base64') };
      });
    },
  }),
);

