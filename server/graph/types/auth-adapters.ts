import * as v from 'valibot';
import { builder, fail, MutationResult, ok } from '../builder';
import { run, sql } from '../../db/sql';
import { adminCompanyScope } from '../../auth/scope';
import { can, requireViewer } from '../../auth/permissions';
import { auditMutation, issuesReason } from '../scoped';
import { AuthAdapterInputSchema } from '../../../src/domain/company-settings/auth-adapters';
import { issuerAllowed, sealAdapterSettings } from '../../auth/sso';
import type { Config } from '../../config';

/** Secrets encrypted like two-step secrets (issue 24); an http issuer only where the installation allows it. */
function storableSettings(config: Config, settingsText: string): string | null {
  const settings = JSON.parse(settingsText) as Record<string, unknown>;
  if (typeof settings.issuer === 'string' && !issuerAllowed(settings.issuer, config)) return null;
  return JSON.stringify(sealAdapterSettings(config, settings));
}

interface AdapterRow {
  id: string;
  label: string;
}
const AuthenticationAdapter = builder.objectRef<AdapterRow>('AuthenticationAdapter').implement({
  description: 'A single sign-on protocol the server implements.',
  fields: (t) => ({ id: t.exposeID('id'), label: t.exposeString('label') }),
});

interface CompanyAdapterRow {
  uuid: string;
  adapter_id: string;
  adapter_label: string;
  label: string;
  settings: Record<string, unknown>;
  notes: string | null;
  enabled: boolean;
}

/** Secrets are never answered: the form shows that one is set and keeps it unless a new one is typed. */
const SECRET_KEYS = new Set(['clientSecret', 'idpCertificate']);
const withoutSecrets = (settings: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(settings).map(([k, val]) => [k, SECRET_KEYS.has(k) && val ? '********' : val]));

const CompanyAuthenticationAdapter = builder.objectRef<CompanyAdapterRow>('CompanyAuthenticationAdapter').implement({
  description: "An authentication adapter of a company (01 §3): uuid, adapter, settings (secrets masked), notes.",
  fields: (t) => ({
    uuid: t.exposeString('uuid'),
    adapter: t.field({ type: AuthenticationAdapter, resolve: (r) => ({ id: r.adapter_id, label: r.adapter_label }) }),
    label: t.exposeString('label'),
    settings: t.field({ type: 'JSON', resolve: (r) => withoutSecrets(r.settings) }),
    notes: t.exposeString('notes', { nullable: true }),
    enabled: t.exposeBoolean('enabled'),
  }),
});

builder.queryField('authenticationAdapters', (t) =>
  t.field({
    type: [AuthenticationAdapter],
    resolve: async (_r, _a, ctx) => {
      requireViewer(ctx);
      const { rows } = await ctx.db.query<AdapterRow>('SELECT id, label FROM authentication_adapters ORDER BY label');
      return rows;
    },
  }),
);

builder.queryField('companyAuthenticationAdapters', (t) =>
  t.field({
    type: [CompanyAuthenticationAdapter],
    resolve: async (_r, _a, ctx) => {
      const viewer = requireViewer(ctx);
      if (!can(viewer, 'view', 'authenticationAdapters')) return [];
      const { rows } = await run<CompanyAdapterRow>(
        ctx.db,
        sql`SELECT t.uuid, t.adapter_id, a.label AS adapter_label, t.label, t.settings, t.notes, t.enabled
              FROM company_authentication_adapters t JOIN authentication_adapters a ON a.id = t.adapter_id
             WHERE t.deleted_at IS NULL AND ${adminCompanyScope(viewer, 't')} ORDER BY t.created_at, t.id`,
      );
      return rows;
    },
  }),
);

const AuthAdapterInput = builder.inputType('CompanyAuthenticationAdapterInput', {
  fields: (t) => ({
    uuid: t.string(),
    adapter: t.string({ required: true }),
    label: t.string({ required: true }),
    settings: t.string({ required: true, description: 'JSON text, checked per adapter type' }),
    notes: t.string(),
  }),
});

/** Keeps a stored secret when the form sends the mask back unchanged. */
function mergeSecrets(next: Record<string, unknown>, stored: Record<string, unknown>): Record<string, unknown> {
  const out = { ...next };
  for (const key of SECRET_KEYS) if (out[key] === '********' && typeof stored[key] === 'string') out[key] = stored[key];
  return out;
}

builder.mutationField('addCompanyAuthenticationAdapter', (t) =>
  t.field({
    type: MutationResult,
    args: { input: t.arg({ type: AuthAdapterInput, required: true }) },
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      if (!can(viewer, 'add', 'authenticationAdapters')) return fail('admin.errors.forbidden');
      const parsed = v.safeParse(AuthAdapterInputSchema, { ...args.input, uuid: undefined });
      if (!parsed.success) return fail(...issuesReason(parsed.issues));
      const input = parsed.output;
      const settings = storableSettings(ctx.config, input.settings);
      if (settings === null) return fail('admin.errors.adapter.issuer');
      await ctx.db.transaction(async (tx) => {
        const { rows } = await run<{ id: number }>(
          tx,
          sql`INSERT INTO company_authentication_adapters (company_id, adapter_id, label, settings, notes)
              VALUES (${viewer.companyId}, ${input.adapter}, ${input.label}, ${settings}::jsonb, ${input.notes ?? null}) RETURNING id`,
        );
        await auditMutation(tx, { ...ctx, viewer }, 'authAdapter.add', 'authenticationAdapter', Number(rows[0]?.id), { adapter: input.adapter });
      });
      return ok();
    },
  }),
);

builder.mutationField('updateCompanyAuthenticationAdapter', (t) =>
  t.field({
    type: MutationResult,
    args: { input: t.arg({ type: AuthAdapterInput, required: true }) },
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      if (!can(viewer, 'edit', 'authenticationAdapters')) return fail('admin.errors.forbidden');
      if (!args.input.uuid || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(args.input.uuid)) return fail('admin.errors.adapter.notFound');
      return ctx.db.transaction(async (tx) => {
        const { rows } = await run<{ id: number; settings: Record<string, unknown> }>(
          tx,
          sql`SELECT t.id, t.settings FROM company_authentication_adapters t WHERE t.uuid = ${args.input.uuid}::uuid AND t.deleted_at IS NULL AND ${adminCompanyScope(viewer, 't')} FOR UPDATE`,
        );
        const row = rows[0];
        if (!row) return fail('admin.errors.adapter.notFound');
        let settingsText = args.input.settings;
        try {
          settingsText = JSON.stringify(mergeSecrets(JSON.parse(args.input.settings) as Record<string, unknown>, row.settings));
        } catch {
          // the schema answers the JSON problem
        }
        const parsed = v.safeParse(AuthAdapterInputSchema, { ...args.input, settings: settingsText });
        if (!parsed.success) return fail(...issuesReason(parsed.issues));
        const input = parsed.output;
        const settings = storableSettings(ctx.config, input.settings);
        if (settings === null) return fail('admin.errors.adapter.issuer');
        await run(
          tx,
          sql`UPDATE company_authentication_adapters SET adapter_id = ${input.adapter}, label = ${input.label}, settings = ${settings}::jsonb, notes = ${input.notes ?? null}
               WHERE id = ${row.id} AND company_id = ${viewer.companyId}`,
        );
        await auditMutation(tx, { ...ctx, viewer }, 'authAdapter.update', 'authenticationAdapter', Number(row.id), { adapter: input.adapter });
        return ok();
      });
    },
  }),
);

builder.mutationField('deleteCompanyAuthenticationAdapter', (t) =>
  t.field({
    type: MutationResult,
    args: { uuid: t.arg.string({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      if (!can(viewer, 'delete', 'authenticationAdapters')) return fail('admin.errors.forbidden');
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(args.uuid)) return fail('admin.errors.adapter.notFound');
      return ctx.db.transaction(async (tx) => {
        const { rows } = await run<{ id: number }>(
          tx,
          sql`UPDATE company_authentication_adapters t SET deleted_at = now() WHERE t.uuid = ${args.uuid}::uuid AND t.deleted_at IS NULL AND ${adminCompanyScope(viewer, 't')} RETURNING t.id`,
        );
        if (!rows[0]) return fail('admin.errors.adapter.notFound');
        await auditMutation(tx, { ...ctx, viewer }, 'authAdapter.delete', 'authenticationAdapter', Number(rows[0].id));
        return ok();
      });
    },
  }),
);
