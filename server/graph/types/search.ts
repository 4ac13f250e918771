import * as v from 'valibot';
import { builder, fail, MutationResult, ok } from '../builder';
import { run, sql } from '../../db/sql';
import { ownUserRowsScope } from '../../auth/scope';
import { can, NOT_FOUND_OR_FORBIDDEN, requireViewer } from '../../auth/permissions';
import { auditMutation, issuesReason } from '../scoped';
import { SearchHistorySchema, SearchSettingsSchema, SEARCH_HISTORY_KEEP } from '../../../src/domain/users/search-input';

/** Search history and search settings of the signed-in user (01 §3 "Search settings"); always the user's own rows. */
interface SearchHistoryRow {
  id: number;
  subject: string;
  data: unknown;
  created_at: Date;
}
const SearchHistoryEntry = builder.objectRef<SearchHistoryRow>('SearchHistoryEntry').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    subject: t.exposeString('subject'),
    data: t.field({ type: 'JSON', resolve: (r) => r.data }),
    createdAt: t.string({ resolve: (r) => r.created_at.toISOString() }),
  }),
});

interface SearchSettingsRow {
  subject: string;
  columns: unknown;
  show_caseload: boolean;
  pagination: unknown;
  filter: unknown;
}
const SearchSettings = builder.objectRef<SearchSettingsRow>('SearchSettings').implement({
  fields: (t) => ({
    subject: t.exposeString('subject'),
    columns: t.field({ type: 'JSON', resolve: (r) => r.columns }),
    showCaseload: t.exposeBoolean('show_caseload'),
    pagination: t.field({ type: 'JSON', description: '{ rowsPerPage, sortBy, descending }', resolve: (r) => r.pagination }),
    filter: t.field({ type: 'JSON', resolve: (r) => r.filter }),
  }),
});

builder.queryField('searchHistory', (t) =>
  t.field({
    type: [SearchHistoryEntry],
    args: { subject: t.arg.string({ required: true }) },
    description: 'The latest searches of the signed-in user for a subject (participants, users, ...), newest first.',
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      const { rows } = await run<SearchHistoryRow>(
        ctx.db,
        sql`SELECT t.id, t.subject, t.data, t.created_at FROM search_history t
             WHERE t.subject = ${args.subject} AND t.deleted_at IS NULL AND ${ownUserRowsScope(viewer, 't')}
             ORDER BY t.created_at DESC, t.id DESC LIMIT ${SEARCH_HISTORY_KEEP}`,
      );
      return rows;
    },
  }),
);

builder.queryField('searchSettings', (t) =>
  t.field({
    type: SearchSettings,
    nullable: true,
    args: { subject: t.arg.string({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      const { rows } = await run<SearchSettingsRow>(
        ctx.db,
        sql`SELECT t.subject, t.columns, t.show_caseload, t.pagination, t.filter FROM search_settings t
             WHERE t.subject = ${args.subject} AND t.deleted_at IS NULL AND ${ownUserRowsScope(viewer, 't')}`,
      );
      return rows[0] ?? null;
    },
  }),
);

builder.mutationField('addSearchHistory', (t) =>
  t.field({
    type: MutationResult,
    args: { subject: t.arg.string({ required: true }), data: t.arg({ type: 'JSON', required: true }) },
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      if (!can(viewer, 'view', 'ownProfile')) return fail(NOT_FOUND_OR_FORBIDDEN);
      const parsed = v.safeParse(SearchHistorySchema, { subject: args.subject, data: args.data });
      if (!parsed.success) return fail(...issuesReason(parsed.issues));
      await ctx.db.transaction(async (tx) => {
        await tx.query('INSERT INTO search_history (company_id, user_id, subject, data) VALUES ($1, $2, $3, $4)', [
          viewer.companyId, viewer.userId, parsed.output.subject, JSON.stringify(parsed.output.data),
        ]);
        // keep the latest entries only
        await tx.query(
          `UPDATE search_history SET deleted_at = now() WHERE user_id = $1 AND subject = $2 AND deleted_at IS NULL
             AND id NOT IN (SELECT id FROM search_history WHERE user_id = $1 AND subject = $2 AND deleted_at IS NULL ORDER BY created_at DESC, id DESC LIMIT $3)`,
          [viewer.userId, parsed.output.subject, SEARCH_HISTORY_KEEP],
        );
        await auditMutation(tx, { ...ctx, viewer }, 'searchHistory.add', 'user', viewer.userId, { subject: parsed.output.subject });
      });
      return ok();
    },
  }),
);

builder.mutationField('clearSearchHistory', (t) =>
  t.field({
    type: MutationResult,
    args: { subject: t.arg.string() },
    description: "Clears the signed-in user's search history (of one subject, or all).",
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      await ctx.db.transaction(async (tx) => {
        await run(
          tx,
          sql`UPDATE search_history t SET deleted_at = now() WHERE t.deleted_at IS NULL AND ${ownUserRowsScope(viewer, 't')}
              ${args.subject ? sql`AND t.subject = ${args.subject}` : sql``}`,
        );
        await auditMutation(tx, { ...ctx, viewer }, 'searchHistory.clear', 'user', viewer.userId, { subject: args.subject ?? null });
      });
      return ok();
    },
  }),
);

builder.mutationField('updateSearchSettings', (t) =>
  t.field({
    type: MutationResult,
    args: {
      subject: t.arg.string({ required: true }),
      columns: t.arg({ type: 'JSON' }),
      showCaseload: t.arg.boolean(),
      pagination: t.arg({ type: 'JSON' }),
      filter: t.arg({ type: 'JSON' }),
    },
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      const parsed = v.safeParse(SearchSettingsSchema, args);
      if (!parsed.success) return fail(...issuesReason(parsed.issues));
      const s = parsed.output;
      await ctx.db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO search_settings (company_id, user_id, subject, columns, show_caseload, pagination, filter)
           VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (company_id, user_id, subject) DO UPDATE SET columns = EXCLUDED.columns, show_caseload = EXCLUDED.show_caseload,
             pagination = EXCLUDED.pagination, filter = EXCLUDED.filter, deleted_at = NULL`,
          [viewer.companyId, viewer.userId, s.subject, JSON.stringify(s.columns ?? []), s.showCaseload ?? false, JSON.stringify(s.pagination ?? {}), JSON.stringify(s.filter ?? {})],
        );
        await auditMutation(tx, { ...ctx, viewer }, 'searchSettings.update', 'user', viewer.userId, { subject: s.subject });
      });
      return ok();
    },
  }),
);
