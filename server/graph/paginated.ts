import type { ObjectRef } from '@pothos/core';
import { builder } from './builder';

type Types = typeof builder.$inferSchemaTypes;
import { sql, type SqlFragment } from '../db/sql';
import { DEFAULT_PAGE_SIZE } from '../../src/domain/shared/constants';

/** A page of a list (02 §3 "Paginated list"): the total count and the records of the page. */
export interface Page<T> {
  totalItems: number;
  records: T[];
}

const pageTypes = new Map<string, unknown>();

/** `<Name>Page { totalItems, records }`: one shape for every paged list. */
export function paginatedType<T>(name: string, item: ObjectRef<Types, T>): ObjectRef<Types, Page<T>> {
  const existing = pageTypes.get(name);
  if (existing) return existing as ObjectRef<Types, Page<T>>;
  const ref = builder.objectRef<Page<T>>(`${name}Page`).implement({
    description: `A page of ${name} records; totalItems counts every matching record.`,
    fields: (t) => ({
      totalItems: t.exposeInt('totalItems'),
      records: t.field({ type: [item], resolve: (page) => page.records }),
    }),
  });
  pageTypes.set(name, ref);
  return ref;
}

/** Page arguments: page (1-based, default 1) and perPage (default 15; 0 means all records, 01 §7). */
export interface PageArgs {
  page?: number | null;
  perPage?: number | null;
}

export const MAX_PER_PAGE = 500;

/**
 * LIMIT/OFFSET for the page arguments. perPage 0 ("all", 01 §7) is capped like any size at MAX_PER_PAGE;
 * a negative size is the default size; page below 1 is page 1 (issue 10: no argument answers every row).
 */
export function pageClause(args: PageArgs): SqlFragment {
  const requested = args.perPage ?? DEFAULT_PAGE_SIZE;
  const size = requested === 0 ? MAX_PER_PAGE : requested < 0 ? DEFAULT_PAGE_SIZE : Math.min(requested, MAX_PER_PAGE);
  const page = Math.max(1, Math.floor(args.page ?? 1));
  return sql` LIMIT ${size} OFFSET ${(page - 1) * size}`;
}
