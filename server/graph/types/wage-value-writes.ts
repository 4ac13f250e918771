import { builder } from '../builder';
import { requireViewer, can, loadViewerFlags } from '../../auth/permissions';
import { withClientMutation } from '../../sync/client-mutation';
import { checkBaseRevision } from '../../sync/conflict';
import { serverCollection } from '../../sync/registry';
import { auditMutation } from '../scoped';
import type { GraphContext } from '../context';
import type { EffectAnswer, EffectContext } from '../../wage-value/effect';
import { deleteMeasurement, documentOf, lockMeasurement, saveMeasurement, setMeasurementStatus } from '../../wage-value/measurements';
import { deletePlan, deletePlanNote, savePlan, savePlanNote } from '../../wage-value/plans';
import { saveSettings } from '../../wage-value/settings';
import { renderReportPdf } from '../../wage-value/report-pdf';
import { snapshotOf } from '../../wage-value/report-file';
import { draftOfDocument } from '../../../src/domain/wage-value/measurement';
import { reportFileName } from '../../../src/domain/wage-value/report';
import { reportTranslator } from '../../wage-value/report-pdf';
import type { MeasurementStatus } from '../../../src/domain/wage-value/constants';
import type { PushAnswer } from '../../../src/domain/sync/types';

/**
 * The wage-value writes (02 §7 mutations). Each runs its server effect (server/wage-value/) exactly
 * once per client mutation id; editable documents check the base revision. When the declared-writes
 * framework lands, each becomes one registerWrite line and this file goes.
 */
interface WriteAnswer { success: boolean; reason: string | null; params?: Record<string, string | number>; conflict?: PushAnswer['conflict'] }

const WageValueWriteResult = builder.objectRef<WriteAnswer>('WageValueWriteResult').implement({
  description: 'success and reason (an i18n key, wageValue.errors.*), its params, and the server document on a conflict.',
  fields: (t) => ({
    success: t.exposeBoolean('success'),
    reason: t.string({ nullable: true, resolve: (r) => r.reason }),
    params: t.field({ type: 'JSON', nullable: true, resolve: (r) => r.params ?? null }),
    conflict: t.field({ type: 'JSON', nullable: true, resolve: (r) => r.conflict ?? null }),
  }),
});

const measurements = serverCollection('wageValueMeasurements');

function write(
  name: string,
  effect: (c: EffectContext, input: unknown) => Promise<EffectAnswer>,
  revisioned?: 'wageValueMeasurements' | 'wageValuePlans' | 'wageValuePlanNotes',
): void {
  builder.mutationField(name, (t) =>
    t.field({
      type: WageValueWriteResult,
      args: {
        clientMutationId: t.arg.id({ required: true }),
        input: t.arg({ type: 'JSON', required: true }),
        baseRevision: t.arg.int({ required: false }),
      },
      resolve: (_root, args, ctx: GraphContext) =>
        withClientMutation(ctx, name, String(args.clientMutationId), async ({ tx, viewer }): Promise<WriteAnswer> => {
          const c: EffectContext = { tx, viewer, dataDir: ctx.config.dataDir, now: new Date().toISOString() };
          const uuid = typeof args.input === 'object' && args.input !== null ? (args.input as { uuid?: unknown }).uuid : undefined;
          if (revisioned && typeof uuid === 'string' && args.baseRevision != null) {
            const check = await checkBaseRevision(tx, viewer, serverCollection(revisioned), uuid, args.baseRevision);
            if (check.kind === 'conflict') return { success: false, reason: check.answer.reason ?? 'conflict', conflict: check.answer.conflict ?? null };
          }
          const answer = await effect(c, args.input);
          if (answer.success) await auditMutation(tx, { ip: ctx.ip, viewer }, name, 'wage_value', typeof uuid === 'string' ? uuid : null);
          return answer;
        }),
    }),
  );
}

write('saveWageValueMeasurement', saveMeasurement, 'wageValueMeasurements');
write('setWageValueMeasurementStatus', setMeasurementStatus);
write('deleteWageValueMeasurement', deleteMeasurement);
write('addWageValuePlan', (c, i) => savePlan(c, i, 'add'));
write('updateWageValuePlan', (c, i) => savePlan(c, i, 'update'), 'wageValuePlans');
write('deleteWageValuePlan', deletePlan);
write('addWageValuePlanNote', (c, i) => savePlanNote(c, i, 'add'));
write('updateWageValuePlanNote', (c, i) => savePlanNote(c, i, 'update'), 'wageValuePlanNotes');
write('deleteWageValuePlanNote', deletePlanNote);
write('saveWageValueSettings', saveSettings);

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
      if (!/^[0-9a-f-]{36}$/i.test(args.uuid)) return none('wageValue.errors.notFound');
      return ctx.db.transaction(async (tx) => {
        const row = await lockMeasurement({ tx, viewer, dataDir: ctx.config.dataDir, now: '' }, args.uuid);
        if (!row || row.deleted_at !== null) return none('wageValue.errors.notFound');
        const status = String(row.status) as MeasurementStatus;
        const now = new Date().toISOString();
        const bytes = await renderReportPdf({ draft: draftOfDocument(documentOf(row)), status, participant: snapshotOf(row), printedAt: now });
        return { success: true, reason: null, name: reportFileName(reportTranslator(), snapshotOf(row), status, now), base64: bytes.toString('base64') };
      });
    },
  }),
);

export { measurements };
