import type { ObjectRef } from '@pothos/core';
import { builder } from './builder';

type Types = typeof builder.$inferSchemaTypes;
import { raw, sql, type SqlFragment } from '../db/sql';
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

/** LIMIT/OFFSET for the page arguments; perPage 0 answers everything. */
export function pageClause(args: PageArgs): SqlFragment {
  const perPage = args.perPage ?? DEFAULT_PAGE_SIZE;
  if (perPage <= 0) return raw('');
  const size = Math.min(perPage, MAX_PER_PAGE);
  const page = Math.max(1, args.page ?? 1);
  return sql` LIMIT ${size} OFFSET ${(page - 1) * size}`;
}
