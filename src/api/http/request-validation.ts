import type { z } from 'zod';
import type { FieldError } from '../../shared/problem.ts';
import { validationFailed } from '../errors.ts';

/** Zod issues as the problem's field list; unknown keys each get their own entry. */
export function toFieldErrors(issues: readonly z.core.$ZodIssue[], prefix: readonly PropertyKey[] = []): FieldError[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path].map(String);
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ field: [...path, key].join('.'), message: `Unknown field "${key}"` }));
    }
    if (issue.code === 'invalid_type' && issue.input === undefined) {
      return [{ field: path.join('.'), message: 'This field is required' }];
    }
    return [{ field: path.join('.') || '(body)', message: issue.message }];
  });
}

/** Parses a request part with a zod schema; on failure, a 400 problem that lists each field at fault. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw validationFailed(toFieldErrors(result.error.issues));
  return result.data;
}
