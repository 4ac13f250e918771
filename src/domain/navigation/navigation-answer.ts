import * as v from 'valibot';
import type { NavigationAnswer, NavigationItem } from './menu-types';

const ItemSchema: v.GenericSchema<NavigationItem> = v.object({
  id: v.string(),
  uri: v.string(),
  children: v.optional(v.array(v.lazy(() => ItemSchema))),
});

const AnswerSchema = v.object({ items: v.array(ItemSchema) });

/** Validates an untrusted `GET /api/navigation` body; null when it does not have the expected shape. */
export function parseNavigationAnswer(body: unknown): NavigationAnswer | null {
  const result = v.safeParse(AnswerSchema, body);
  return result.success ? result.output : null;
}
