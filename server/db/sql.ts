import type { Queryable, QueryResult, Row } from './db';

const FRAGMENT = Symbol('sql');

/** A piece of SQL with its parameters kept apart; fragments nest and are numbered $1..$n only when run. */
export interface SqlFragment {
  readonly [FRAGMENT]: true;
  readonly strings: readonly string[];
  readonly values: readonly unknown[];
}

function isFragment(value: unknown): value is SqlFragment {
  return typeof value === 'object' && value !== null && FRAGMENT in value;
}

/** Tagged template: sql`SELECT * FROM users WHERE id = ${id} AND ${scope}`. */
export function sql(strings: TemplateStringsArray | readonly string[], ...values: unknown[]): SqlFragment {
  return { [FRAGMENT]: true, strings: [...strings], values };
}

/** Trusted SQL text (identifiers from code, never from input). */
export function raw(text: string): SqlFragment {
  return sql([text]);
}

/** Joins fragments with a separator: join([a, b], ' AND '). */
export function join(parts: readonly SqlFragment[], separator: string): SqlFragment {
  if (parts.length === 0) return raw('');
  const strings: string[] = [''];
  const values: unknown[] = [];
  parts.forEach((part, i) => {
    if (i > 0) strings[strings.length - 1] += separator;
    values.push(part);
    strings.push('');
  });
  return sql(strings, ...values);
}

export const TRUE = raw('TRUE');
export const FALSE = raw('FALSE');

/** Renders a fragment to text with $n placeholders and the flat list of values. */
export function render(fragment: SqlFragment): { text: string; values: unknown[] } {
  const values: unknown[] = [];
  const walk = (f: SqlFragment): string => {
    let text = f.strings[0] ?? '';
    f.values.forEach((value, i) => {
      if (isFragment(value)) text += walk(value);
      else {
        values.push(value);
        text += `$${values.length}`;
      }
      text += f.strings[i + 1] ?? '';
    });
    return text;
  };
  return { text: walk(fragment), values };
}

/** Runs a fragment on a database or transaction. */
export function run<T = Row>(db: Queryable, fragment: SqlFragment): Promise<QueryResult<T>> {
  const { text, values } = render(fragment);
  return db.query<T>(text, values);
}
