import { describe, expect, it } from 'vitest';
import { join, raw, render, sql } from './sql';

describe('sql fragments', () => {
  it.each([
    ['plain', sql`SELECT 1`, 'SELECT 1', []],
    ['one value', sql`SELECT * FROM t WHERE id = ${5}`, 'SELECT * FROM t WHERE id = $1', [5]],
    [
      'nested fragment numbers values in order',
      sql`SELECT * FROM t WHERE a = ${1} AND ${sql`b = ${2} AND c = ${3}`} AND d = ${4}`,
      'SELECT * FROM t WHERE a = $1 AND b = $2 AND c = $3 AND d = $4',
      [1, 2, 3, 4],
    ],
    ['raw text', sql`SELECT * FROM ${raw('users')} u`, 'SELECT * FROM users u', []],
    ['join', join([sql`a = ${1}`, sql`b = ${2}`], ' AND '), 'a = $1 AND b = $2', [1, 2]],
    ['empty join', join([], ' AND '), '', []],
  ])('%s', (_name, fragment, text, values) => {
    expect(render(fragment)).toEqual({ text, values });
  });
});
