import * as v from 'valibot';
import { builder, fail, MutationResult, ok } from '../builder';
import { requireViewer } from '../../auth/permissions';
import { auditMutation, issuesReason } from '../scoped';
import { ok as writeOk, registerWrite } from '../../sync/writes';
import { portalWrites } from '../../../src/domain/portal/writes';
import type { Queryable } from '../../db/db';
import type { Viewer } from '../../auth/viewer';
import { WidgetOrderSchema } from '../../../src/domain/users/settings-input';

/** The signed-in user's own settings: always their own row, so no scope beyond the viewer is involved. */
builder.queryField('settings', (t) =>
  t.field({
    type: 'JSON',
    description: "The signed-in user's settings (theme, notifications, widget orders per page).",
    resolve: async (_r, _a, ctx) => {
      const viewer = requireViewer(ctx);
      const { rows } = await ctx.db.query<{ settings: unknown }>('SELECT settings FROM users WHERE id = $1 AND company_id = $2', [viewer.userId, viewer.companyId]);
      return rows[0]?.settings ?? {};
    },
  }),
);

/** setUserSettings (declared write): theme and notification settings; only the keys given change. */
registerWrite(
  portalWrites.setDisplaySettings,
  async ({ tx, viewer, input, graph }) => {
    const patch = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined && value !== null));
    await tx.query('UPDATE users SET settings = settings || $1::jsonb WHERE id = $2 AND company_id = $3', [JSON.stringify(patch), viewer.userId, viewer.companyId]);
    await auditMutation(tx, { ...graph, viewer }, 'user.settings', 'user', viewer.userId, patch);
    return writeOk();
  },
  { description: "The signed-in user's theme and notification settings (only the keys given change)." },
);

/** The widget order of one page, in a transaction the caller holds. */
async function storeWidgetOrder(tx: Queryable, viewer: Viewer, order: { page: string; widgets: readonly string[] }): Promise<void> {
  await tx.query(
    `UPDATE users SET settings = jsonb_set(settings, '{widgetOrders}', coalesce(settings->'widgetOrders', '{}'::jsonb) || jsonb_build_object($1::text, $2::jsonb))
      WHERE id = $3 AND company_id = $4`,
    [order.page, JSON.stringify(order.widgets), viewer.userId, viewer.companyId],
  );
}

/** setWidgetOrder (declared write): the app's offline way to store a page's widget order (setSettings below is the spec's positional form). */
registerWrite(
  portalWrites.setWidgetOrder,
  async ({ tx, viewer, input, graph }) => {
    await storeWidgetOrder(tx, viewer, input);
    await auditMutation(tx, { ...graph, viewer }, 'user.widgetOrder', 'user', viewer.userId, { page: input.page });
    return writeOk();
  },
  { description: 'Stores the widget order of a page (home or profile) for the signed-in user.' },
);

builder.mutationField('setSettings', (t) =>
  t.field({
    type: MutationResult,
    description: 'Stores the widget order of a page (home or profile) for the signed-in user.',
    args: { page: t.arg.string({ required: true, description: 'home or profile' }), widgets: t.arg.stringList({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      const parsed = v.safeParse(WidgetOrderSchema, { page: args.page, widgets: args.widgets });
      if (!parsed.success) return fail(...issuesReason(parsed.issues));
      await ctx.db.transaction(async (tx) => {
        await storeWidgetOrder(tx, viewer, parsed.output);
        await auditMutation(tx, { ...ctx, viewer }, 'user.widgetOrder', 'user', viewer.userId, { page: parsed.output.page });
      });
      return ok();
    },
  }),
);
