import { GraphQLError } from 'graphql';
import { builder } from '../builder';
import { requireViewer } from '../../auth/permissions';
import { audit } from '../../auth/audit';
import { mayReadAuditLog, readAuditLog, type AuditLogFilter, type AuditLogRow } from '../../auth/audit-log';
import { parseId } from '../scoped';

const AuditLogEntry = builder.objectRef<AuditLogRow>('AuditLogEntry').implement({
  description: 'One row of the audit log (NEN 7513): who (the real user and the whole on-behalf-of chain), what, on which object, with which result, from where and when.',
  fields: (t) => ({
    id: t.exposeID('id'),
    createdAt: t.string({ resolve: (r) => new Date(r.createdAt).toISOString() }),
    action: t.exposeString('action'),
    result: t.exposeString('result'),
    userId: t.id({ nullable: true, resolve: (r) => (r.userId === null ? null : String(r.userId)) }),
    userName: t.exposeString('userName', { nullable: true }),
    onBehalfOfUserId: t.id({ nullable: true, resolve: (r) => (r.onBehalfOfUserId === null ? null : String(r.onBehalfOfUserId)) }),
    onBehalfOfName: t.exposeString('onBehalfOfName', { nullable: true }),
    chain: t.idList({ resolve: (r) => r.chain.map(String) }),
    subjectType: t.exposeString('subjectType', { nullable: true }),
    subjectId: t.exposeString('subjectId', { nullable: true }),
    ip: t.exposeString('ip', { nullable: true }),
    details: t.exposeString('details', { description: 'JSON' }),
  }),
});

const AuditLogPage = builder.objectRef<{ totalItems: number; records: AuditLogRow[] }>('AuditLogPage').implement({
  fields: (t) => ({
    totalItems: t.exposeInt('totalItems'),
    records: t.field({ type: [AuditLogEntry], resolve: (p) => p.records }),
  }),
});

const date = (value: string | null | undefined): Date | null => {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) || d.getUTCFullYear() < 1900 || d.getUTCFullYear() > 9999 ? null : d;
};

/** The filter from graph arguments or query parameters; bad values are dropped, never passed to SQL as they are. */
export function auditFilterOf(args: Record<string, unknown>): AuditLogFilter {
  const text = (v: unknown, max: number) => (typeof v === 'string' && v.trim() && v.length <= max ? v.trim() : null);
  const result = text(args.result, 20);
  return {
    action: text(args.action, 100),
    userId: typeof args.userId === 'string' || typeof args.userId === 'number' ? parseId(args.userId) : null,
    subjectType: text(args.subjectType, 50),
    subjectId: text(args.subjectId, 100),
    participantId: typeof args.participantId === 'string' || typeof args.participantId === 'number' ? parseId(args.participantId) : null,
    result: result && ['success', 'failure', 'refused'].includes(result) ? result : null,
    from: date(text(args.from, 40)),
    to: date(text(args.to, 40)),
  };
}

builder.queryField('auditLog', (t) =>
  t.field({
    type: AuditLogPage,
    description: 'The audit log of the company, newest first; administrators only (not while impersonating). Filters: action (prefix), userId (anyone in the chain), subject, result, from/to (ISO time). perPage at most 500.',
    args: {
      action: t.arg.string(),
      userId: t.arg.id(),
      subjectType: t.arg.string(),
      subjectId: t.arg.string(),
      participantId: t.arg.id({ description: "Who saw this participant's file: rows about them and reads, exports and documents naming them." }),
      result: t.arg.string(),
      from: t.arg.string(),
      to: t.arg.string(),
      page: t.arg.int(),
      perPage: t.arg.int(),
    },
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      if (!mayReadAuditLog(viewer)) {
        await audit(ctx.db, { action: 'auditLog.read', viewer, result: 'refused', ip: ctx.ip });
        throw new GraphQLError('Forbidden', { extensions: { code: 'forbidden', reason: 'auth.forbidden' } });
      }
      const filter = auditFilterOf(args);
      const page = await readAuditLog(ctx.db, viewer, filter, args.page ?? 1, args.perPage ?? 50);
      return page;
    },
  }),
);
