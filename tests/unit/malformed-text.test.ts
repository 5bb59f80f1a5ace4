import { describe, expect, it } from 'vitest';
import { malformedTextErrors } from '../../src/api/http/request-validation.ts';

const LONE = '\ud800';
/** The value inside `depth` arrays, or objects keyed `k`, alternately. */
function nestedIn(value: unknown, depth: number): unknown {
  let current = value;
  for (let level = 0; level < depth; level++) current = level % 2 === 0 ? [current] : { k: current };
  return current;
}

describe('the lone-surrogate walk over a request', () => {
  it('names each field at fault by its path, keys not echoed', () => {
    expect(malformedTextErrors({ title: 'ok', extendedProps: { location: `a${LONE}`, list: ['fine', LONE] }, [`x${LONE}`]: 1 })).toEqual([
      { field: '(body)', message: 'A field name contains a character that is not valid Unicode' },
      { field: 'extendedProps.location', message: 'extendedProps.location contains a character that is not valid Unicode' },
      { field: 'extendedProps.list.1', message: 'extendedProps.list.1 contains a character that is not valid Unicode' },
    ]);
    expect(malformedTextErrors(`x${LONE}`)).toEqual([{ field: '(body)', message: '(body) contains a character that is not valid Unicode' }]);
    expect(malformedTextErrors({ pair: '😀' })).toEqual([]);
  });

  it('walks a value 100k deep without recursion, and in linear time and memory (each visit keeps one key, not its path)', () => {
    const depth = 100_000;
    const errors = malformedTextErrors(nestedIn(LONE, depth));
    expect(errors).toHaveLength(1);
    // The path is built for the value at fault alone: 100k keys, '0' and 'k' by turns from the outside in.
    const keys = errors[0]!.field.split('.');
    expect(keys).toHaveLength(depth);
    expect(keys.slice(0, 2)).toEqual(depth % 2 === 0 ? ['k', '0'] : ['0', 'k']);
    expect(malformedTextErrors(nestedIn('fine', depth))).toEqual([]);
  });
});
