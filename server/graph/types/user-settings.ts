import * as v from 'valibot';
import { builder, fail, MutationResult, ok } from '../builder';
import { requireViewer } from '../../auth/permissions';
import { auditMutation, issuesReason } from '../scoped';
import { UserSettingsSchema, WidgetOrderSchema } from '../../../src/domain/users/settings-input';

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

const UserSettingsInput = builder.inputType('UserSettingsInput', {
  fields: (t) => ({
    theme: t.string({ description: 'dark, light or automatic' }),
    notificationSetting: t.string({ description: 'all, none or timeout' }),
    notificationTimeout: t.int({ description: 'seconds, 0 or more' }),
  }),
});

builder.mutationField('setUserSettings', (t) =>
  t.field({
    type: MutationResult,
    args: { input: t.arg({ type: UserSettingsInput, required: true }) },
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      const parsed = v.safeParse(UserSettingsSchema, args.input);
      if (!parsed.success) return fail(...issuesReason(parsed.issues));
      const patch = Object.fromEntries(Object.entries(parsed.output).filter(([, value]) => value !== undefined && value !== null));
      await ctx.db.transaction(async (tx) => {
        await tx.query('UPDATE users SET settings = settings || $1::jsonb WHERE id = $2 AND company_id = $3', [JSON.stringify(patch), viewer.userId, viewer.companyId]);
        await auditMutation(tx, { ...ctx, viewer }, 'user.settings', 'user', viewer.userId, patch);
      });
      return ok();
    },
  }),
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
        await tx.query(
          `UPDATE users SET settings = jsonb_set(settings, '{widgetOrders}', coalesce(settings->'widgetOrders', '{}'::jsonb) || jsonb_build_object($1::text, $2::jsonb))
            WHERE id = $3 AND company_id = $4`,
          [parsed.output.page, JSON.stringify(parsed.output.widgets), viewer.userId, viewer.companyId],
        );
        await auditMutation(tx, { ...ctx, viewer }, 'user.widgetOrder', 'user', viewer.userId, { page: parsed.output.page });
      });
      return ok();
    },
  }),
);
