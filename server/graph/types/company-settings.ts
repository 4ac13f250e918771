import * as v from 'valibot';
import { builder, fail, MutationResult, ok } from '../builder';
import { can, requireViewer } from '../../auth/permissions';
import { forgetCompany } from '../../auth/session-cache';
import { auditMutation, issuesReason } from '../scoped';
import { resolveBrandingTemplate, type BrandingShape } from '../../../src/domain/company-settings/branding';
import { logoUri, readLogo } from '../../admin/company-store';
import {
  BrandingSchema,
  CompanySettingsSchema,
  PlacementSettingsSchema,
  SrgTerminationReasonsSchema,
} from '../../../src/domain/company-settings/settings-input';
import type { Queryable } from '../../db/db';
import type { Viewer } from '../../auth/viewer';

const FORBIDDEN = 'admin.errors.forbidden';

const BrandingTemplate = builder.objectRef<BrandingShape>('BrandingTemplate').implement({
  description: 'The branding template of the company (01 §3): colours and the logo address.',
  fields: (t) => ({
    primaryColor: t.exposeString('primaryColor'),
    headerColor: t.exposeString('headerColor'),
    mainMenuBackgroundColor: t.exposeString('mainMenuBackgroundColor'),
    mainMenuActiveColor: t.exposeString('mainMenuActiveColor'),
    mainMenuTextAndIconColor: t.exposeString('mainMenuTextAndIconColor'),
    logoUri: t.exposeString('logoUri', { nullable: true }),
  }),
});

builder.queryField('template', (t) =>
  t.field({
    type: BrandingTemplate,
    description: "The viewer's company branding template.",
    resolve: async (_r, _a, ctx) => {
      const viewer = requireViewer(ctx);
      const { rows } = await ctx.db.query<{ branding: Record<string, unknown> }>('SELECT branding FROM companies WHERE id = $1', [viewer.companyId]);
      return resolveBrandingTemplate(rows[0]?.branding ?? {});
    },
  }),
);

builder.mutationField('setCompanySettings', (t) =>
  t.field({
    type: MutationResult,
    description: "Changes the company's settings: only the keys sent change (feature switches, widget switches and order, identification system, ...).",
    args: { settings: t.arg({ type: 'JSON', required: true }) },
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      if (!can(viewer, 'edit', 'companySettings')) return fail(FORBIDDEN);
      const parsed = v.safeParse(CompanySettingsSchema, args.settings);
      if (!parsed.success) return fail(...issuesReason(parsed.issues));
      const patch = Object.fromEntries(Object.entries(parsed.output).filter(([, value]) => value !== undefined));
      await ctx.db.transaction(async (tx) => {
        if (Object.keys(patch).length) forgetCompany(viewer.companyId); // cached sessions: forceMfa may change
        if (Object.keys(patch).length) await tx.query('UPDATE companies SET settings = settings || $1::jsonb WHERE id = $2', [JSON.stringify(patch), viewer.companyId]);
        await auditMutation(tx, { ...ctx, viewer }, 'company.settings', 'company', viewer.companyId, { keys: Object.keys(patch) });
      });
      return ok();
    },
  }),
);

builder.mutationField('setCompanyBranding', (t) =>
  t.field({
    type: MutationResult,
    description: "Sets the company's colours (#rrggbb); only the colours sent change.",
    args: { branding: t.arg({ type: 'JSON', required: true }) },
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      if (!can(viewer, 'edit', 'companySettings')) return fail(FORBIDDEN);
      const parsed = v.safeParse(BrandingSchema, args.branding);
      if (!parsed.success) return fail(...issuesReason(parsed.issues));
      const patch = Object.fromEntries(Object.entries(parsed.output).filter(([, value]) => value !== undefined));
      await ctx.db.transaction(async (tx) => {
        await tx.query('UPDATE companies SET branding = branding || $1::jsonb WHERE id = $2', [JSON.stringify(patch), viewer.companyId]);
        await auditMutation(tx, { ...ctx, viewer }, 'company.branding', 'company', viewer.companyId, patch);
      });
      return ok();
    },
  }),
);

builder.mutationField('uploadCompanyLogo', (t) =>
  t.field({
    type: MutationResult,
    description: 'Stores the logo sent as the `file` part: png, jpg, jpeg, pjpeg, bmp or gif by content, at most 100 KB (01 §5).',
    resolve: async (_r, _a, ctx) => {
      const viewer = requireViewer(ctx);
      if (!can(viewer, 'edit', 'companySettings')) return fail(FORBIDDEN);
      if (!ctx.upload) return fail('admin.errors.settings.logoEmpty');
      const image = await readLogo(ctx.upload);
      if ('reason' in image) return fail(image.reason);
      await ctx.db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO company_logos (company_id, mime, data) VALUES ($1, $2, $3)
           ON CONFLICT (company_id) DO UPDATE SET mime = EXCLUDED.mime, data = EXCLUDED.data, updated_at = now()`,
          [viewer.companyId, image.mime, image.data],
        );
        await tx.query("UPDATE companies SET branding = branding || jsonb_build_object('logoUri', $1::text) WHERE id = $2", [logoUri(Date.now()), viewer.companyId]);
        await auditMutation(tx, { ...ctx, viewer }, 'company.logo', 'company', viewer.companyId, { mime: image.mime, size: image.data.length });
      });
      return ok();
    },
  }),
);

builder.mutationField('deleteCompanyLogo', (t) =>
  t.field({
    type: MutationResult,
    resolve: async (_r, _a, ctx) => {
      const viewer = requireViewer(ctx);
      if (!can(viewer, 'edit', 'companySettings')) return fail(FORBIDDEN);
      await ctx.db.transaction(async (tx) => {
        await tx.query('DELETE FROM company_logos WHERE company_id = $1', [viewer.companyId]);
        await tx.query("UPDATE companies SET branding = branding - 'logoUri' WHERE id = $1", [viewer.companyId]);
        await auditMutation(tx, { ...ctx, viewer }, 'company.logo.delete', 'company', viewer.companyId);
      });
      return ok();
    },
  }),
);

// ------------------------------------------------------------------------------ lists kept as a whole

/**
 * Saves a list of labelled rows: rows with an id of the company are updated, rows without one are
 * added, rows of the company not in the list are deleted (soft). Ids of another company are refused.
 */
async function saveList<T extends { id?: string | null | undefined }>(
  tx: Queryable,
  viewer: Viewer,
  table: 'placement_process_labels' | 'placement_reject_reasons' | 'work_plan_termination_reasons',
  items: readonly T[],
  columns: (item: T) => Record<string, unknown>,
): Promise<boolean> {
  const { rows } = await tx.query<{ id: number }>(`SELECT id FROM ${table} WHERE company_id = $1 AND deleted_at IS NULL FOR UPDATE`, [viewer.companyId]);
  const existing = new Set(rows.map((r) => Number(r.id)));
  const kept = new Set<number>();
  for (const [index, item] of items.entries()) {
    const values = { ...columns(item), sort_order: index };
    const names = Object.keys(values);
    if (item.id) {
      const id = Number(item.id);
      if (!existing.has(id)) return false;
      kept.add(id);
      const sets = names.map((n, i) => `${n} = $${i + 3}`).join(', ');
      await tx.query(`UPDATE ${table} SET ${sets} WHERE id = $1 AND company_id = $2`, [id, viewer.companyId, ...Object.values(values)]);
    } else {
      const placeholders = names.map((_n, i) => `$${i + 2}`).join(', ');
      await tx.query(`INSERT INTO ${table} (company_id, ${names.join(', ')}) VALUES ($1, ${placeholders})`, [viewer.companyId, ...Object.values(values)]);
    }
  }
  const gone = [...existing].filter((id) => !kept.has(id));
  if (gone.length) await tx.query(`UPDATE ${table} SET deleted_at = now() WHERE company_id = $1 AND id = ANY($2::bigint[])`, [viewer.companyId, gone]);
  return true;
}

interface LabelRow {
  id: number;
  label: string;
  occupies_place?: boolean;
  srg_value?: string;
}
const SettingsListItem = builder.objectRef<LabelRow>('SettingsListItem').implement({
  description: 'A row of a settings list: placement process label, reject reason or SRG termination reason.',
  fields: (t) => ({
    id: t.exposeID('id'),
    label: t.exposeString('label'),
    occupiesPlace: t.boolean({ nullable: true, resolve: (r) => r.occupies_place ?? null }),
    srgValue: t.string({ nullable: true, resolve: (r) => r.srg_value ?? null }),
  }),
});

function listQuery(name: string, table: string, columns: string) {
  builder.queryField(name, (t) =>
    t.field({
      type: [SettingsListItem],
      resolve: async (_r, _a, ctx) => {
        const viewer = requireViewer(ctx);
        if (viewer.participantId !== null) return [];
        const { rows } = await ctx.db.query<LabelRow>(
          `SELECT id, label${columns} FROM ${table} WHERE company_id = $1 AND deleted_at IS NULL ORDER BY sort_order, id`,
          [viewer.companyId],
        );
        return rows;
      },
    }),
  );
}
listQuery('placementProcessLabels', 'placement_process_labels', ', occupies_place');
listQuery('placementRejectReasons', 'placement_reject_reasons', '');
listQuery('srgTerminationReasons', 'work_plan_termination_reasons', ', srg_value');

builder.mutationField('setPlacementSettings', (t) =>
  t.field({
    type: MutationResult,
    description: 'Saves the placement process labels (with occupiesPlace) and reject reasons as whole lists.',
    args: { settings: t.arg({ type: 'JSON', required: true }) },
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      if (!can(viewer, 'edit', 'companySettings')) return fail(FORBIDDEN);
      const parsed = v.safeParse(PlacementSettingsSchema, args.settings);
      if (!parsed.success) return fail(...issuesReason(parsed.issues));
      return ctx.db.transaction(async (tx) => {
        const a = await saveList(tx, viewer, 'placement_process_labels', parsed.output.processLabels, (i) => ({ label: i.label, occupies_place: i.occupiesPlace }));
        const b = a && (await saveList(tx, viewer, 'placement_reject_reasons', parsed.output.rejectReasons, (i) => ({ label: i.label })));
        if (!b) throw new ListRefused();
        await auditMutation(tx, { ...ctx, viewer }, 'company.placements', 'company', viewer.companyId);
        return ok();
      }).catch((e: unknown) => {
        if (e instanceof ListRefused) return fail(FORBIDDEN);
        throw e;
      });
    },
  }),
);

builder.mutationField('setSrgTerminationReasons', (t) =>
  t.field({
    type: MutationResult,
    description: 'Saves the SRG termination reasons (label and SRG value) as a whole list (02 §3).',
    args: { settings: t.arg({ type: 'JSON', required: true }) },
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      if (!can(viewer, 'edit', 'companySettings')) return fail(FORBIDDEN);
      const parsed = v.safeParse(SrgTerminationReasonsSchema, args.settings);
      if (!parsed.success) return fail(...issuesReason(parsed.issues));
      return ctx.db.transaction(async (tx) => {
        const done = await saveList(tx, viewer, 'work_plan_termination_reasons', parsed.output.reasons, (i) => ({ label: i.label, srg_value: i.srgValue }));
        if (!done) throw new ListRefused();
        await auditMutation(tx, { ...ctx, viewer }, 'company.srgTerminationReasons', 'company', viewer.companyId);
        return ok();
      }).catch((e: unknown) => {
        if (e instanceof ListRefused) return fail(FORBIDDEN);
        throw e;
      });
    },
  }),
);

/** Thrown inside a transaction so a half-saved list rolls back. */
class ListRefused extends Error {}
