/** An RFC 9457 problem detail, as every API error is sent. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail?: string;
  instance?: string;
  /** For validation errors: each field at fault, with a message. */
  errors?: FieldError[];
}

export interface FieldError {
  /** A dotted path into the request, e.g. "extendedProps.location", or the query parameter's name. */
  field: string;
  message: string;
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';
