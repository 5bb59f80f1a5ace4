import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from '../../src/api/http/json-depth.ts';

describe('nestsDeeperThan', () => {
  it('counts arrays and objects together, up to the limit and one past it', () => {
    expect(nestsDeeperThan('[{"a":[1]}]', 3)).toBe(false);
    expect(nestsDeeperThan('[{"a":[[1]]}]', 3)).toBe(true);
    expect(nestsDeeperThan('[][][][]', 1)).toBe(false);
    expect(nestsDeeperThan('0', 0)).toBe(false);
  });

  it('reads brackets inside strings as text, escaped quotes and backslashes included', () => {
    expect(nestsDeeperThan('{"a":"[[[[{{{{"}', 1)).toBe(false);
    expect(nestsDeeperThan('{"a":"\\"[[[["}', 1)).toBe(false);
    // An escaped backslash ends before the quote, which closes the string: the brackets after it count.
    expect(nestsDeeperThan('{"a":"\\\\",  "b":[[1]]}', 2)).toBe(true);
  });

  it('walks 100,000 levels without recursion', () => {
    expect(nestsDeeperThan('['.repeat(100_000) + ']'.repeat(100_000), 32)).toBe(true);
  });
});
