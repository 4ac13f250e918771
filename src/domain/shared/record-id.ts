import * as v from 'valibot';

/**
 * A database id as other clients send it: a positive safe integer, as a number or as decimal text
 * (GraphQL `ID`), parsed to a number. `message` is the i18n key of the area that refuses it.
 */
export function recordIdSchema(message: string) {
  return v.pipe(
    v.union([v.number(message), v.pipe(v.string(message), v.regex(/^[1-9]\d{0,14}$/, message))], message),
    v.transform((x) => Number(x)),
    v.number(message),
    v.integer(message),
    v.minValue(1, message),
    v.maxValue(Number.MAX_SAFE_INTEGER, message),
  );
}
