import type { FieldError, Problem } from '../shared/problem.ts';

/** An error the API answers with as application/problem+json. */
export class HttpProblem extends Error {
  readonly status: number;
  readonly title: string;
  readonly detail?: string;
  readonly errors?: FieldError[];
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    title: string,
    options: { detail?: string; errors?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(options.detail ?? title);
    this.status = status;
    this.title = title;
    this.detail = options.detail;
    this.errors = options.errors;
    this.headers = options.headers ?? {};
  }

  toProblem(instance?: string): Problem {
    return {
      type: 'about:blank',
      title: this.title,
      status: this.status,
      ...(this.detail === undefined ? {} : { detail: this.detail }),
      ...(instance === undefined ? {} : { instance }),
      ...(this.errors === undefined ? {} : { errors: this.errors }),
    };
  }
}

export const notFound = (detail = 'Nothing exists here, or you cannot see it.') => new HttpProblem(404, 'Not Found', { detail });
export const forbidden = (detail: string) => new HttpProblem(403, 'Forbidden', { detail });
export const unauthorized = (detail: string) =>
  new HttpProblem(401, 'Unauthorized', { detail, headers: { 'www-authenticate': 'Bearer' } });
export const validationFailed = (errors: FieldError[]) =>
  new HttpProblem(400, 'Bad Request', { detail: 'The request has invalid fields.', errors });
