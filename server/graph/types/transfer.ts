import { builder } from '../builder';
import { can, requireViewer } from '../../auth/permissions';
import { runJson, toTransferRow, TRANSFER_COLUMNS, type RunJson, type RunRow, type TransferRow } from '../../transfer/store';
import { isImportKind } from '../../../src/domain/transfer/settings';

type SettingShape = TransferRow & { last_run: RunRow | null };

const TransferRun = builder.objectRef<RunJson>('TransferRun').implement({
  description: 'One run of an import or export: when, how many rows, what was refused and why.',
  fields: (t) => ({
    id: t.exposeID('id'),
    trigger: t.exposeString('trigger', { description: 'schedule or manual' }),
    state: t.exposeString('state', { description: 'running, succeeded or failed' }),
    startedAt: t.exposeString('startedAt'),
    finishedAt: t.exposeString('finishedAt', { nullable: true }),
    rowsRead: t.exposeInt('rowsRead'),
    created: t.exposeInt('created'),
    updated: t.exposeInt('updated'),
    skipped: t.exposeInt('skipped'),
    refused: t.exposeInt('refused'),
    error: t.exposeString('error', { nullable: true, description: 'a reason code when the run failed' }),
  }),
});

const TransferSetting = builder.objectRef<SettingShape>('TransferSetting').implement({
  description: 'Importer or exporter settings (02 §3): label and the main settings; the whole object with GET transfer/{id}.',
  fields: (t) => ({
    id: t.exposeID('id'),
    kind: t.string({ resolve: (s) => s.kind }),
    label: t.exposeString('label'),
    schedule: t.exposeString('schedule'),
    url: t.string({ resolve: (s) => (typeof s.settings.url === 'string' ? s.settings.url : '') }),
    behaviour: t.string({ nullable: true, resolve: (s) => (isImportKind(s.kind) && typeof s.settings.behaviour === 'string' ? s.settings.behaviour : null) }),
    updatedAt: t.string({ resolve: (s) => s.updated_at.toISOString() }),
    lastRun: t.field({ type: TransferRun, nullable: true, resolve: (s) => (s.last_run ? runJson(s.last_run) : null) }),
  }),
});

builder.queryField('transferSettings', (t) =>
  t.field({
    type: [TransferSetting],
    description: "The company's transfer settings: direction import (the three importer kinds) or export.",
    args: { direction: t.arg.string({ required: true, description: 'import or export' }) },
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      if (!can(viewer, 'view', 'transfer')) return [];
      const { rows } = await ctx.db.query<SettingShape>(
        `SELECT ${TRANSFER_COLUMNS}, (SELECT row_to_json(r) FROM transfer_runs r WHERE r.transfer_id = t.id ORDER BY r.id DESC LIMIT 1) AS last_run
           FROM transfer_settings t WHERE t.company_id = $1 AND t.deleted_at IS NULL AND t.direction = $2 ORDER BY lower(t.label), t.id`,
        [viewer.companyId, args.direction === 'export' ? 'export' : 'import'],
      );
      // row_to_json answers timestamps as text
      return rows.map((r) => ({
        ...toTransferRow(r as unknown as Record<string, unknown>),
        last_run: r.last_run
          ? { ...r.last_run, started_at: new Date(r.last_run.started_at), finished_at: r.last_run.finished_at ? new Date(r.last_run.finished_at) : null }
          : null,
      }));
    },
  }),
);
