import { describe, expect, it } from 'vitest';
import { forgetDataKey, setDataKey } from './data-keys';
import { makeOpenedValues, openedValuesOf } from './opened-values';
import { makeSealer, randomIvs } from './seal-codec';

const CLEAR = ['uuid', 'coachId'] as const;
const sealer = makeSealer(crypto.getRandomValues(new Uint8Array(32)));
const seal = (value: Record<string, unknown>) => sealer.seal('participants', CLEAR, value, randomIvs(1)[0]!) as unknown as Record<string, unknown>;

/** Opens through the kept values, counting the real openings. */
function reader(limit = 100) {
  const kept = makeOpenedValues(limit);
  let opened = 0;
  const read = (record: Record<string, unknown>) =>
    kept.open('participants', CLEAR, record, () => {
      opened++;
      return sealer.open('participants', CLEAR, record);
    });
  return { kept, read, opened: () => opened };
}

describe('opened values kept by the page reader (issue 36, the list speed)', () => {
  it('a record read again unchanged is answered from memory, equal to what opening it gives', () => {
    const { read, opened } = reader();
    const record = seal({ uuid: 'u1', coachId: 7, firstname: 'Sanne', notes: { text: 'eerste gesprek' } });
    const first = read(record);
    const again = read({ ...record });
    expect(opened()).toBe(1);
    expect(again).toEqual(first);
    expect(again).toEqual(sealer.open('participants', CLEAR, record));
  });

  it('a record written again (a new IV and tag) is opened anew and the new value answered', () => {
    const { read, opened } = reader();
    read(seal({ uuid: 'u1', coachId: 7, firstname: 'Sanne' }));
    const changed = read(seal({ uuid: 'u1', coachId: 8, firstname: 'Sanne-Marie' }));
    expect(opened()).toBe(2);
    expect(changed).toMatchObject({ coachId: 8, firstname: 'Sanne-Marie' });
  });

  it('a screen that changes what it was given does not change the next answer', () => {
    const { read } = reader();
    const record = seal({ uuid: 'u1', coachId: 7, firstname: 'Sanne' });
    const first = read(record);
    first.firstname = 'changed by a screen';
    expect(read(record).firstname).toBe('Sanne');
  });

  it('keeps at most its limit, the least recently read going first', () => {
    const { kept, read, opened } = reader(10);
    const records = Array.from({ length: 11 }, (_, i) => seal({ uuid: `u${i}`, coachId: 1, firstname: `n${i}` }));
    for (const record of records) read(record);
    expect(kept.size).toBeLessThanOrEqual(10);
    expect(opened()).toBe(11);
    // The newest is still kept; the oldest was dropped and is opened again.
    read(records[10]!);
    expect(opened()).toBe(11);
    read(records[0]!);
    expect(opened()).toBe(12);
  });

  it('goes with the key: a lock or a new key drops every kept value of the identity', () => {
    const identity = 'werkpad-test-opened';
    setDataKey(identity, crypto.getRandomValues(new Uint8Array(32)));
    const before = openedValuesOf(identity, 100);
    before.open('participants', CLEAR, seal({ uuid: 'u1', coachId: 1 }), () => ({ uuid: 'u1', coachId: 1 }));
    expect(openedValuesOf(identity, 100)).toBe(before);
    forgetDataKey(identity);
    const after = openedValuesOf(identity, 100);
    expect(after).not.toBe(before);
    expect(after.size).toBe(0);
  });
});
