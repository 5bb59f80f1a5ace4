import type { CalendarEvent } from '../../../src/shared/event-schema.ts';

export type DemoUser = 'ada' | 'eddie' | 'riley';

export interface ApiResult<T> {
  status: number;
  body: T;
  etag: string | null;
}

/** Direct API calls, to check what the server holds and what it refuses. */
export class ApiDriver {
  private readonly baseUrl: string;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  async token(user: DemoUser): Promise<string> {
    const result = await this.request<{ accessToken: string }>('POST', '/api/dev/token', { body: { userId: user } });
    if (result.status !== 200) throw new Error(`POST /api/dev/token: ${result.status}`);
    return result.body.accessToken;
  }

  async request<T>(method: string, path: string, options: { token?: string; body?: unknown; ifMatch?: string } = {}): Promise<ApiResult<T>> {
    const headers: Record<string, string> = {};
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    if (options.ifMatch) headers['If-Match'] = options.ifMatch;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(this.baseUrl + path, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T, etag: response.headers.get('ETag') };
  }

  async calendarId(token: string, name: string): Promise<string> {
    const calendars = await this.request<{ id: string; name: string }[]>('GET', '/api/calendars', { token });
    const calendar = calendars.body.find((candidate) => candidate.name === name);
    if (!calendar) throw new Error(`No calendar named ${name}`);
    return calendar.id;
  }

  async event(token: string, calendarId: string, eventId: string): Promise<CalendarEvent> {
    const result = await this.request<CalendarEvent>('GET', `/api/calendars/${calendarId}/events/${eventId}`, { token });
    if (result.status !== 200) throw new Error(`GET event: ${result.status}`);
    return result.body;
  }
}
