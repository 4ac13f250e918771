import { describe, expect, it } from 'vitest';
import { RawJsonItems, rawJsonStringify } from './raw-json';

describe('rawJsonStringify', () => {
  it('writes the items\' text in place, inside the list\'s own brackets, and leaves the rest as JSON.stringify writes it', () => {
    const items = ['{"a" : 1, "b" : "x\\"y"}', '{"uuid":"u","_deleted":true}'];
    const value = { data: { one: { documents: [new RawJsonItems(items)], seq: 3 }, two: { documents: [], note: 'é "q" \\ \u2028' } } };
    const text = rawJsonStringify(value);
    expect(text).toBe(`{"data":{"one":{"documents":[${items.join(',')}],"seq":3},"two":{"documents":[],"note":${JSON.stringify('é "q" \\ \u2028')}}}}`);
    expect(JSON.parse(text)).toEqual({ data: { one: { documents: [{ a: 1, b: 'x"y' }, { uuid: 'u', _deleted: true }], seq: 3 }, two: { documents: [], note: 'é "q" \\ \u2028' } } });
  });

  it('keeps several raw parts apart and in order, and a string that only looks like a placeholder as it is', () => {
    const text = rawJsonStringify({ a: [new RawJsonItems(['1', '2'])], b: 'rawjson:0', c: [new RawJsonItems(['{"x" : [3, {"y" : null}]}'])] });
    expect(JSON.parse(text)).toEqual({ a: [1, 2], b: 'rawjson:0', c: [{ x: [3, { y: null }] }] });
  });

  it('answers JSON.stringify\'s text when there is nothing raw', () => {
    const value = { data: null, errors: [{ message: 'Unexpected error.' }] };
    expect(rawJsonStringify(value)).toBe(JSON.stringify(value));
  });

  it('refuses to be written by plain JSON.stringify (the list would come out as a list of one)', () => {
    expect(() => JSON.stringify([new RawJsonItems(['1', '2'])])).toThrow(/rawJsonStringify/);
  });
});
