/** One message of a text/event-stream: its type ('message' unless named), its data, and the last event id seen. */
export interface SseMessage {
  event: string;
  data: string;
  /** The stream's last event id when the message was dispatched ('' when none was ever sent). */
  lastEventId: string;
}

export interface SseHandlers {
  onMessage(message: SseMessage): void;
  /** A `retry:` field: the reconnection time the server asks for, in milliseconds. */
  onRetry?(ms: number): void;
}

export interface SseParser {
  /** Reads the next piece of the stream's text, dispatching each message it completes. */
  feed(chunk: string): void;
  /** The last event id seen so far (sent on reconnect as Last-Event-ID). */
  lastEventId(): string;
}

/**
 * A parser of Server-Sent Events as the HTML standard words it (§9.2.6): lines end in CRLF, LF or CR, even split across
 * chunks; `:` lines are comments; `data` lines join with LF; a blank line dispatches; `id` without NUL sets the last
 * event id, which outlives the message; a message with no data is not dispatched. No parser is installed, and
 * EventSource cannot send the Authorization header the API needs: the stream is read with fetch.
 */
export function createSseParser(handlers: SseHandlers, initialLastEventId = ''): SseParser {
  let buffer = '';
  let first = true;
  // A chunk that ended in CR: an LF starting the next one belongs to that line end.
  let afterCr = false;
  let event = '';
  let data: string[] = [];
  let lastEventId = initialLastEventId;

  const dispatch = () => {
    if (data.length > 0) handlers.onMessage({ event: event || 'message', data: data.join('\n'), lastEventId });
    event = '';
    data = [];
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) lastEventId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) handlers.onRetry?.(Number(value));
  };

  return {
    feed(chunk) {
      let text = chunk;
      if (afterCr && text.startsWith('\n')) text = text.slice(1);
      afterCr = false;
      if (first && text.length > 0) {
        if (text.startsWith('\uFEFF')) text = text.slice(1);
        first = false;
      }
      buffer += text;
      const ends = /\r\n|\r|\n/g;
      let start = 0;
      for (let match = ends.exec(buffer); match; match = ends.exec(buffer)) {
        // A CR at the very end may be the first half of a CRLF split across chunks: the line ends here either way.
        if (match[0] === '\r' && match.index === buffer.length - 1) afterCr = true;
        line(buffer.slice(start, match.index));
        start = match.index + match[0].length;
      }
      buffer = buffer.slice(start);
    },
    lastEventId: () => lastEventId,
  };
}
