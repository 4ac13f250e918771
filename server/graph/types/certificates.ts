import * as v from 'valibot';
import { builder, fail, MutationResult, ok } from '../builder';
import { run, sql } from '../../db/sql';
import { adminCompanyScope } from '../../auth/scope';
import { can, requireViewer } from '../../auth/permissions';
import { auditMutation, created, CreateResult, findInScope, issuesReason, notCreated } from '../scoped';
import { parseCertificate } from '../../admin/certificates';
import { CertificateInputSchema, certificateState } from '../../../src/domain/company-settings/certificates';

interface CertificateRow {
  id: number;
  uuid: string;
  label: string;
  serial: string;
  issuer: string;
  subject: string;
  valid_from: Date;
  valid_to: Date;
}

const CompanyServerCertificate = builder.objectRef<CertificateRow>('CompanyServerCertificate').implement({
  description: 'A server certificate of a company (01 §3); the private key is never answered.',
  fields: (t) => ({
    id: t.exposeID('id'),
    uuid: t.exposeString('uuid'),
    label: t.exposeString('label'),
    serial: t.exposeString('serial'),
    issuer: t.exposeString('issuer'),
    subject: t.exposeString('subject'),
    validFrom: t.string({ resolve: (c) => c.valid_from.toISOString() }),
    validTo: t.string({ resolve: (c) => c.valid_to.toISOString() }),
    state: t.string({ description: 'valid, expiring (within 30 days), expired or notYetValid', resolve: (c) => certificateState(c.valid_from.toISOString(), c.valid_to.toISOString(), new Date()) }),
  }),
});

builder.queryField('companyServerCertificates', (t) =>
  t.field({
    type: [CompanyServerCertificate],
    description: "The server certificates of the viewer's company (administrators).",
    resolve: async (_r, _a, ctx) => {
      const viewer = requireViewer(ctx);
      if (!can(viewer, 'view', 'certificates')) return [];
      const { rows } = await run<CertificateRow>(
        ctx.db,
        sql`SELECT t.id, t.uuid, t.label, t.serial, t.issuer, t.subject, t.valid_from, t.valid_to FROM company_server_certificates t
             WHERE t.deleted_at IS NULL AND ${adminCompanyScope(viewer, 't')} ORDER BY t.valid_to, t.id`,
      );
      return rows;
    },
  }),
);

builder.mutationField('addCompanyServerCertificate', (t) =>
  t.field({
    type: CreateResult,
    description: 'Adds a PEM certificate; issuer, subject, serial and validity are read from it.',
    args: { label: t.arg.string({ required: true }), pem: t.arg.string({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      if (!can(viewer, 'add', 'certificates')) return notCreated('admin.errors.forbidden');
      const parsed = v.safeParse(CertificateInputSchema, args);
      if (!parsed.success) return notCreated(...issuesReason(parsed.issues));
      const cert = parseCertificate(parsed.output.pem);
      if (!cert) return notCreated('admin.errors.certificate.pemInvalid');
      return ctx.db.transaction(async (tx) => {
        const { rows } = await run<{ id: number }>(
          tx,
          sql`INSERT INTO company_server_certificates (company_id, label, serial, issuer, subject, valid_from, valid_to, certificate_pem)
              VALUES (${viewer.companyId}, ${parsed.output.label}, ${cert.serial}, ${cert.issuer}, ${cert.subject}, ${cert.validFrom}, ${cert.validTo}, ${cert.pem})
              RETURNING id`,
        );
        const id = Number(rows[0]?.id);
        await auditMutation(tx, { ...ctx, viewer }, 'certificate.add', 'certificate', id, { serial: cert.serial });
        return created(id);
      });
    },
  }),
);

builder.mutationField('deleteCompanyServerCertificate', (t) =>
  t.field({
    type: MutationResult,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      if (!can(viewer, 'delete', 'certificates')) return fail('admin.errors.forbidden');
      return ctx.db.transaction(async (tx) => {
        const row = await findInScope<CertificateRow>(tx, 'company_server_certificates', viewer, args.id, { forUpdate: true });
        if (!row) return fail('admin.errors.certificate.notFound');
        await tx.query('UPDATE company_server_certificates SET deleted_at = now() WHERE id = $1 AND company_id = $2', [row.id, viewer.companyId]);
        await auditMutation(tx, { ...ctx, viewer }, 'certificate.delete', 'certificate', Number(row.id));
        return ok();
      });
    },
  }),
);
