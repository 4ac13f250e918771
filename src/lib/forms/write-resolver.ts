import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver, ResolverOptions, ResolverResult } from 'react-hook-form';
import * as v from 'valibot';

/**
 * A react-hook-form resolver from the valibot schema of a write (the schema the worker checks before it
 * queues and the server parses with; never a copy of its rules): the form's values are made into the
 * write's input (`toInput`), parsed, and every issue lands on the form field it belongs to (`fieldOf`,
 * from the issue's dotted path in the write's input; an issue of the whole input has the path ''). The
 * first issue of a field wins, as the server names the first. Messages stay i18n keys.
 */
export function writeResolver<TValues extends FieldValues, TOut>(
  schema: v.GenericSchema<unknown, TOut>,
  toInput: (values: TValues) => unknown,
  fieldOf: (path: string) => string = (path) => path,
): Resolver<TValues, unknown, TOut> {
  return (values, _context, options) => checkWrite(schema, toInput(values), fieldOf, options);
}

/** One check of a write's input for a form: the parsed input, or the issues on the form's fields. */
export function checkWrite<TValues extends FieldValues, TOut>(
  schema: v.GenericSchema<unknown, TOut>,
  input: unknown,
  fieldOf: (path: string) => string,
  options: ResolverOptions<TValues>,
): ResolverResult<TValues, TOut> {
  const parsed = v.safeParse(schema, input);
  if (parsed.success) return { values: parsed.output, errors: {} };
  return { values: {}, errors: toNestErrors(issuesOnFields(parsed.issues, fieldOf), options) };
}

/** The first issue of each form field, by the field's dotted name (pure: tested without a form). */
export function issuesOnFields(issues: readonly v.BaseIssue<unknown>[], fieldOf: (path: string) => string = (path) => path): Record<string, FieldError> {
  const out: Record<string, FieldError> = {};
  for (const issue of issues) {
    const field = fieldOf(v.getDotPath(issue) ?? '');
    out[field] ??= { type: issue.type, message: issue.message };
  }
  return out;
}
