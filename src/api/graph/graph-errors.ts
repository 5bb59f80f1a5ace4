import { CONSENT_REQUIRED_TYPE } from '../../shared/problem.ts';
import { HttpProblem } from '../errors.ts';

/** The type of the problem answered while Microsoft Graph cannot be reached on the user's behalf. */
export const GRAPH_UNAVAILABLE_TYPE = 'urn:company-calendar:problem:graph-unavailable';

/**
 * The user (or their admin) has yet to allow the app these Graph scopes: a 403 whose `scopes` the web app asks for
 * with incremental consent ("Allow access"), then retries. `claims` is Entra ID's claims challenge, if it sent one.
 */
export class ConsentRequiredError extends HttpProblem {
  readonly claims?: string;

  constructor(scopes: string[], claims?: string) {
    super(403, 'Consent required', {
      type: CONSENT_REQUIRED_TYPE,
      detail: 'Allow Company Calendar to use your Microsoft 365 data for this, then try again.',
      scopes,
    });
    this.claims = claims;
  }
}

/**
 * Graph or Entra ID could not serve the request: 'busy' (throttled or down, even after retries: 503 with
 * Retry-After) or 'refused' (the token endpoint refused the exchange for a reason consent cannot fix: 502).
 * `cause` is for the log only; the answer never carries what Entra ID or Graph said.
 */
export class GraphUnavailableError extends HttpProblem {
  readonly reason: string;

  constructor(kind: 'busy' | 'refused', options: { cause: string; retryAfterSeconds?: number }) {
    super(kind === 'busy' ? 503 : 502, kind === 'busy' ? 'Service Unavailable' : 'Bad Gateway', {
      type: GRAPH_UNAVAILABLE_TYPE,
      detail:
        kind === 'busy'
          ? 'Microsoft 365 is busy or out of reach. Try again shortly.'
          : 'Microsoft 365 refused to let Company Calendar act for you. Sign out and in again, or ask your admin.',
      ...(options.retryAfterSeconds === undefined ? {} : { headers: { 'retry-after': String(options.retryAfterSeconds) } }),
    });
    this.reason = options.cause;
  }
}

/** Graph answered an error a caller may handle (404 for a copy deleted in Outlook, 403, 400…): its status and code. */
export class GraphError extends HttpProblem {
  readonly graphStatus: number;
  readonly code: string;

  constructor(graphStatus: number, code: string, message: string) {
    super(502, 'Bad Gateway', { type: GRAPH_UNAVAILABLE_TYPE, detail: 'Microsoft 365 could not do this. Try again later.' });
    this.graphStatus = graphStatus;
    this.code = code;
    this.name = `GraphError ${graphStatus} ${code}: ${message}`;
  }
}
