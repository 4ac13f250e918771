import { builder } from '../builder';
import { run, sql } from '../../db/sql';
import { companiesScope, projectsScope } from '../../auth/scope';
import { requireViewer } from '../../auth/permissions';
import { findInScope } from '../scoped';
import type { CompanyRow, ProjectRow } from '../rows';
import { Company, Project } from '../refs';
import type { Viewer } from '../../auth/viewer';
import type { Queryable } from '../../db/db';


Project.implement({
  description: 'A subdivision of a company (project).',
  fields: (t) => ({
    id: t.exposeID('id'),
    uuid: t.exposeString('uuid'),
    name: t.exposeString('name'),
    company: t.field({
      type: Company,
      nullable: true,
      resolve: (p, _a, ctx) => findInScope<CompanyRow>(ctx.db, 'companies', requireViewer(ctx), p.company_id),
    }),
  }),
});

Company.implement({
  description: 'An organisation (tenant) with its projects and feature switches.',
  fields: (t) => ({
    id: t.exposeID('id'),
    uuid: t.exposeString('uuid'),
    name: t.exposeString('name'),
    uri: t.exposeString('uri', { nullable: true }),
    settings: t.field({ type: 'JSON', resolve: (c) => c.settings }),
    branding: t.field({ type: 'JSON', resolve: (c) => c.branding }),
    projects: t.field({
      type: [Project],
      resolve: (c, _a, ctx) => scopedProjects(ctx.db, requireViewer(ctx), c.id),
    }),
  }),
});

export async function scopedProjects(db: Queryable, viewer: Viewer, companyId?: number): Promise<ProjectRow[]> {
  const { rows } = await run<ProjectRow>(
    db,
    sql`SELECT t.* FROM projects t WHERE t.deleted_at IS NULL AND ${projectsScope(viewer, 't')}
        ${companyId === undefined ? sql`` : sql`AND t.company_id = ${companyId}`} ORDER BY lower(t.name), t.id`,
  );
  return rows;
}

builder.queryField('companies', (t) =>
  t.field({
    type: [Company],
    description: 'The companies the viewer belongs to (their own).',
    resolve: async (_r, _a, ctx) => {
      const viewer = requireViewer(ctx);
      const { rows } = await run<CompanyRow>(ctx.db, sql`SELECT t.* FROM companies t WHERE t.deleted_at IS NULL AND ${companiesScope(viewer, 't')}`);
      return rows;
    },
  }),
);

builder.queryField('company', (t) =>
  t.field({
    type: Company,
    nullable: true,
    args: { id: t.arg.id({ required: false }) },
    description: "A company by id (the viewer's own), or the viewer's company without an id.",
    resolve: (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      return findInScope<CompanyRow>(ctx.db, 'companies', viewer, args.id ?? viewer.companyId);
    },
  }),
);

builder.queryField('projects', (t) =>
  t.field({
    type: [Project],
    description: 'Projects of the company the viewer may see.',
    resolve: (_r, _a, ctx) => scopedProjects(ctx.db, requireViewer(ctx)),
  }),
);

builder.queryField('project', (t) =>
  t.field({
    type: Project,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => findInScope<ProjectRow>(ctx.db, 'projects', requireViewer(ctx), args.id),
  }),
);
