import type { z } from 'zod';
import type { FieldError } from '../../shared/problem.ts';
import { validationFailed } from '../errors.ts';

/** Which part of the request a schema checks: the words of a message depend on it. */
export type RequestPart = 'body' | 'query' | 'params';

/** The field name of the body itself, for errors about its shape or its keys. */
export const BODY_FIELD = '(body)';

const TYPE_WORDS: Partial<Record<string, string>> = {
  string: 'text',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
};

function jsonType(value: unknown): string {
  return Array.isArray(value) ? 'array' : typeof value;
}

/** The one type an issue asked for, if it failed on type alone; unions and enums ask through their branches. */
function expectedType(issue: z.core.$ZodIssue): string | null {
  if (issue.code === 'invalid_type') return issue.expected;
  if (issue.code === 'invalid_value') {
    const types = new Set(issue.values.map(jsonType));
    return types.size === 1 && !types.has(jsonType(issue.input)) ? [...types][0]! : null;
  }
  if (issue.code === 'invalid_union') {
    const types = new Set(issue.errors.map((branch) => branch.find((inner) => inner.path.length === 0)).map((root) => (root ? expectedType(root) : null)));
    return types.size === 1 ? [...types][0]! : null;
  }
  return null;
}

/** The message for one issue at a named field: what was sent wrong, never zod's wording of it. */
function messageFor(issue: z.core.$ZodIssue, field: string, part: RequestPart): string {
  const isTypeIssue = issue.code === 'invalid_type' || issue.code === 'invalid_union' || issue.code === 'invalid_value';
  // Parsed with reportInput, so an issue without input is about a field that was not sent.
  if (isTypeIssue && issue.input === undefined) return 'This field is required';
  const expected = expectedType(issue);
  const words = expected === null ? undefined : TYPE_WORDS[expected];
  if (words === undefined) return issue.message;
  // A query parameter is always text; a list means it was given more than once.
  if (part === 'query' && Array.isArray(issue.input)) return `${field} may be given only once`;
  return `${field} must be ${words}`;
}

/** Zod issues as the problem's field list; unknown keys each get their own entry. */
export function toFieldErrors(issues: readonly z.core.$ZodIssue[], part: RequestPart = 'body'): FieldError[] {
  return issues.flatMap((issue) => {
    const path = issue.path.map(String);
    if (issue.code === 'unrecognized_keys') {
      const noun = part === 'query' ? 'parameter' : 'field';
      return issue.keys.map((key) => ({ field: [...path, key].join('.'), message: `Unknown ${noun} "${key}"` }));
    }
    // Only a body can be something other than an object: query strings and paths always parse to one.
    if (path.length === 0 && issue.code === 'invalid_type') return [{ field: BODY_FIELD, message: 'The body must be a JSON object' }];
    const field = path.join('.') || BODY_FIELD;
    return [{ field, message: messageFor(issue, field, part) }];
  });
}

// In a unicode-mode pattern, surrogate pairs are one code point each: only a lone surrogate matches.
const LONE_SURROGATE = /\p{Surrogate}/u;

/** A value met in the walk, with where it hangs: its parent's place in the walk (-1 for the root) and its key there. */
interface Visit {
  value: unknown;
  parent: number;
  key: string;
}

/** The field path of a visit, built only for a value at fault: each visit holds one key, not its whole path. */
function fieldOf(visits: readonly Visit[], at: number): string {
  const keys: string[] = [];
  for (let index = at; index > 0; index = visits[index]!.parent) keys.push(visits[index]!.key);
  return keys.reverse().join('.') || BODY_FIELD;
}

/**
 * Text that is not well-formed UTF-16 (a lone surrogate) cannot be stored as it was sent: the stores would
 * replace it, so the write acknowledged would not be the one read back. Every string and key of the value,
 * walked breadth first without recursion, in time and memory linear in the value's size however deep it nests.
 */
export function malformedTextErrors(value: unknown): FieldError[] {
  const errors: FieldError[] = [];
  const visits: Visit[] = [{ value, parent: -1, key: '' }];
  for (let next = 0; next < visits.length; next++) {
    const current = visits[next]!.value;
    if (typeof current === 'string') {
      if (LONE_SURROGATE.test(current)) {
        const field = fieldOf(visits, next);
        errors.push({ field, message: `${field} contains a character that is not valid Unicode` });
      }
    } else if (current !== null && typeof current === 'object') {
      for (const [key, inner] of Object.entries(current)) {
        // The key is not echoed: it is the malformed input.
        if (LONE_SURROGATE.test(key)) errors.push({ field: fieldOf(visits, next), message: 'A field name contains a character that is not valid Unicode' });
        else visits.push({ value: inner, parent: next, key });
      }
    }
  }
  return errors;
}

/** Parses a request part with a zod schema; on failure, a 400 problem that lists each field at fault. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, part: RequestPart = 'body'): z.output<S> {
  // No body at all is an empty object; a JSON null is a body of the wrong type.
  const input = value === undefined ? {} : value;
  const malformed = malformedTextErrors(input);
  if (malformed.length > 0) throw validationFailed(malformed);
  const result = schema.safeParse(input, { reportInput: true });
  if (!result.success) throw validationFailed(toFieldErrors(result.error.issues, part));
  return result.data;
}
