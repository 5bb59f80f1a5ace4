import { randomUUID } from 'node:crypto';
import { OUTLOOK_CANNOT_REPEAT_TYPE, OUTLOOK_PERMISSION, type OutlookCopy, type OutlookCopyAdded } from '../../shared/outlook-copy.ts';
import type { Principal } from '../auth/principal.ts';
import { HttpProblem } from '../errors.ts';
import type { EventService } from '../events/event-service.ts';
import type { GraphClient } from '../graph/graph-client.ts';
import { GraphError } from '../graph/graph-errors.ts';
import type { GraphUser } from '../graph/obo-token.ts';
import { OUTLOOK_EVENT_ID_PROPERTY, toOutlookEvent, type OutlookLinks } from './outlook-event.ts';
import { applyExceptions, seriesExceptions } from './outlook-exceptions.ts';

/** Whose copy, of which event: the caller as a principal (our permissions) and as a Graph user (their mailbox). */
export interface OutlookRequest {
  principal: Principal;
  user: GraphUser;
  key: { calendarId: string; eventId: string };
}

export interface OutlookService {
  /** Whether the user's Outlook calendar holds a copy of the event. */
  state(request: OutlookRequest): Promise<OutlookCopy>;
  /** Creates the copy, or brings the one there up to date: never a second one. `links.link` opens the event in the app. */
  add(request: OutlookRequest & { links: OutlookLinks }): Promise<OutlookCopyAdded>;
}

interface GraphEventRef {
  id: string;
  webLink?: string;
}

const cannotRepeat = (reason: string) =>
  new HttpProblem(422, 'Outlook cannot hold this event as it is', {
    type: OUTLOOK_CANNOT_REPEAT_TYPE,
    detail: `${reason}. Nothing was added to your Outlook calendar.`,
  });

const odataString = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * "Add to my Outlook calendar", on behalf of the user through Graph. The copy carries our event's id in a
 * single-value extended property, so Graph finds it again (even renamed or moved by the user) and a second add
 * updates it. Creation sends a transactionId, so that a POST retried after a throttled or lost answer still
 * makes one copy.
 */
export function createOutlookService(events: EventService, graph: GraphClient): OutlookService {
  const scopes = [graph.scope(OUTLOOK_PERMISSION)];

  async function findCopy(user: GraphUser, eventId: string): Promise<GraphEventRef | null> {
    const found = await graph.request<{ value: GraphEventRef[] }>(user, {
      path: '/me/events',
      query: {
        $filter: `singleValueExtendedProperties/Any(ep: ep/id eq ${odataString(OUTLOOK_EVENT_ID_PROPERTY)} and ep/value eq ${odataString(eventId)})`,
        $select: 'id,webLink',
        $top: '1',
      },
      scopes,
    });
    return found.value[0] ?? null;
  }

  /** The copy brought up to date, or null when the user deleted it meanwhile (Graph's 404). */
  async function update(user: GraphUser, copy: GraphEventRef, body: object): Promise<GraphEventRef | null> {
    try {
      return await graph.request<GraphEventRef>(user, { method: 'PATCH', path: `/me/events/${encodeURIComponent(copy.id)}`, body, scopes });
    } catch (error) {
      if (error instanceof GraphError && error.graphStatus === 404) return null;
      throw error;
    }
  }

  return {
    async state({ principal, user, key }) {
      const event = await events.get(principal, key);
      const copy = await findCopy(user, event.id);
      return { inOutlook: copy !== null, webLink: copy?.webLink ?? null };
    },

    async add({ principal, user, key, links }) {
      const event = await events.get(principal, key);
      // Everything is checked before anything is written: no copy at all rather than a wrong one.
      const built = toOutlookEvent(event, links);
      if (!built.ok) throw cannotRepeat(built.reason);
      const exceptions = seriesExceptions(event, links);
      if (!exceptions.ok) throw cannotRepeat(exceptions.reason);
      const existing = await findCopy(user, event.id);
      const updated = existing && (await update(user, existing, built.body));
      const copy =
        updated ??
        (await graph.request<GraphEventRef>(user, { method: 'POST', path: '/me/events', body: { ...built.body, transactionId: randomUUID() }, scopes }));
      await applyExceptions(graph, { user, scopes, copyId: copy.id, series: event, exceptions: exceptions.exceptions });
      return { inOutlook: true, webLink: copy.webLink ?? existing?.webLink ?? null, created: !updated };
    },
  };
}
