import { builder } from '../builder';
import { requireViewer } from '../../auth/permissions';
import { scopeOf } from '../../auth/scope';
import { join, run, sql, type SqlFragment } from '../../db/sql';
import { pageClause, paginatedType } from '../paginated';
import { parseArgs } from '../parse-args';
import { isoOrNull } from '../scoped';
import { WorkplacesArgsSchema } from '../../../src/domain/instruments/inputs';

/**
 * workplaces (02 §3 Workplace, §7): the company's workplaces, paged, for other clients. The same reach as
 * the pull (company reference data: every role of the company, the portal's vacancy list included); the
 * employer (business) is staff-only data, so participants get `business: null`. Screens read the replica.
 */
interface WorkplaceRow {
  id: number;
  uuid: string;
  name: string;
  contact: string | null;
  phone: string | null;
  available_since: unknown;
  notes: string | null;
  street: string | null;
  house_number: string | null;
  zipcode: string | null;
  city: string | null;
  capacity: number | null;
  business_id: number | null;
  business_name: string | null;
}

const WorkplaceAddress = builder.objectRef<WorkplaceRow>('WorkplaceAddress').implement({
  fields: (t) => ({
    street: t.exposeString('street', { nullable: true }),
    housenumber: t.exposeString('house_number', { nullable: true }),
    zipcode: t.exposeString('zipcode', { nullable: true }),
    city: t.exposeString('city', { nullable: true }),
  }),
});

const Business = builder.objectRef<{ id: number; name: string }>('Business').implement({
  description: 'An employer (relation).',
  fields: (t) => ({ id: t.id({ resolve: (b) => b.id }), name: t.exposeString('name') }),
});

const Workplace = builder.objectRef<WorkplaceRow>('Workplace').implement({
  description: 'A workplace: contact, phone, available since, notes, address and employer.',
  fields: (t) => ({
    id: t.id({ resolve: (w) => Number(w.id) }),
    uuid: t.exposeString('uuid'),
    name: t.exposeString('name'),
    contact: t.exposeString('contact', { nullable: true }),
    phone: t.exposeString('phone', { nullable: true }),
    availableSince: t.string({ nullable: true, resolve: (w) => isoOrNull(w.available_since)?.slice(0, 10) ?? null }),
    notes: t.exposeString('notes', { nullable: true }),
    capacity: t.int({ nullable: true, resolve: (w) => (w.capacity === null ? null : Number(w.capacity)) }),
    address: t.field({ type: WorkplaceAddress, resolve: (w) => w }),
    business: t.field({
      type: Business,
      nullable: true,
      resolve: (w) => (w.business_id !== null && w.business_name !== null ? { id: Number(w.business_id), name: w.business_name } : null),
    }),
  }),
});

builder.queryField('workplaces', (t) =>
  t.field({
    type: paginatedType('Workplace', Workplace),
    description: 'Workplaces of the company by name; search (name, employer, city), employer, available on a date; paged (15, perPage 0 = all).',
    args: {
      search: t.arg.string({ required: false }),
      businessId: t.arg.id({ required: false }),
      availableOn: t.arg.string({ required: false, description: 'YYYY-MM-DD: only workplaces available on that day' }),
      page: t.arg.int({ required: false }),
      perPage: t.arg.int({ required: false }),
    },
    resolve: async (_r, a, ctx) => {
      const viewer = requireViewer(ctx);
      const args = parseArgs(WorkplacesArgsSchema, { search: a.search, businessId: a.businessId, availableOn: a.availableOn });
      const where: SqlFragment[] = [sql`w.deleted_at IS NULL`, scopeOf('workplaces')(viewer, 'w')];
      if (args.businessId != null) where.push(sql`w.business_id = ${args.businessId}`);
      if (args.availableOn) where.push(sql`(w.available_since IS NULL OR w.available_since <= ${args.availableOn}::date)`);
      for (const word of (args.search ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5)) {
        const like = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        where.push(sql`(lower(w.name) LIKE ${like} OR lower(coalesce(w.city, '')) LIKE ${like} OR lower(coalesce(b.name, '')) LIKE ${like})`);
      }
      // the employer only where the viewer reaches businesses (staff)
      const from = sql`FROM workplaces w LEFT JOIN businesses b ON b.id = w.business_id AND b.deleted_at IS NULL AND ${scopeOf('businesses')(viewer, 'b')}
                       WHERE ${join(where, ' AND ')}`;
      const [count, rows] = await Promise.all([
        run<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n ${from}`),
        run<WorkplaceRow>(ctx.db, sql`SELECT w.id, w.uuid, w.name, w.contact, w.phone, w.available_since, w.notes, w.street, w.house_number, w.zipcode, w.city, w.capacity,
                                              b.id AS business_id, b.name AS business_name ${from} ORDER BY lower(w.name), w.id${pageClause(a)}`),
      ]);
      return { totalItems: count.rows[0]?.n ?? 0, records: rows.rows };
    },
  }),
);
