import * as v from 'valibot';

/** How many searches per subject the history keeps. */
export const SEARCH_HISTORY_KEEP = 20;

const subject = v.pipe(
  v.string('validation.required'),
  v.trim(),
  v.regex(/^[a-z][a-zA-Z-]{0,49}$/, 'reasons.invalidField'),
);
const jsonSize = (max: number) => v.check((value: unknown) => JSON.stringify(value ?? null).length <= max, 'reasons.dataTooLarge');

export const SearchHistorySchema = v.object({
  subject,
  data: v.pipe(v.unknown(), jsonSize(4000)),
});

export const SearchSettingsSchema = v.object({
  subject,
  columns: v.nullish(v.pipe(v.array(v.string()), v.maxLength(100))),
  showCaseload: v.nullish(v.boolean()),
  pagination: v.nullish(
    v.object({
      rowsPerPage: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(500))),
      sortBy: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(100)))),
      descending: v.optional(v.boolean()),
    }),
  ),
  filter: v.nullish(v.pipe(v.unknown(), jsonSize(4000))),
});
