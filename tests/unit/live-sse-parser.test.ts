import { describe, expect, it } from 'vitest';
import { createSseParser, type SseMessage } from '../../src/web/features/live/sse-parser.ts';

function parse(chunks: string[], initialLastEventId = '') {
  const messages: SseMessage[] = [];
  const retries: number[] = [];
  const parser = createSseParser({ onMessage: (message) => messages.push(message), onRetry: (ms) => retries.push(ms) }, initialLastEventId);
  for (const chunk of chunks) parser.feed(chunk);
  return { messages, retries, lastEventId: parser.lastEventId() };
}

describe('the Server-Sent Events parser', () => {
  it('reads named events with their data and id, and skips comments', () => {
    const { messages, lastEventId } = parse([': hello\n\nretry: 2000\n\nid: 7\nevent: change\ndata: {"a":1}\n\n: ping\n\n']);
    expect(messages).toEqual([{ event: 'change', data: '{"a":1}', lastEventId: '7' }]);
    expect(lastEventId).toBe('7');
  });

  it('reads every line ending, split anywhere across chunks, a CRLF too', () => {
    const text = 'id: 1\r\nevent: change\r\ndata: one\r\n\r\nid: 2\rdata: two\r\rid: 3\ndata: three\n\n';
    const whole = parse([text]).messages;
    expect(whole.map((message) => [message.lastEventId, message.data])).toEqual([
      ['1', 'one'],
      ['2', 'two'],
      ['3', 'three'],
    ]);
    // Every split point, the CRLF halves included, gives the same messages.
    for (let at = 1; at < text.length; at++) expect(parse([text.slice(0, at), text.slice(at)]).messages, `split at ${at}`).toEqual(whole);
  });

  it('joins data lines with LF, takes "field:value" without the space, and a bare field as empty', () => {
    const { messages } = parse(['data:first\ndata: second\ndata\n\n']);
    expect(messages).toEqual([{ event: 'message', data: 'first\nsecond\n', lastEventId: '' }]);
  });

  it('dispatches nothing without data, but an id alone still counts, and it outlives its message', () => {
    const { messages, lastEventId } = parse(['id: 41\n\nevent: change\n\ndata: x\n\n']);
    expect(messages).toEqual([{ event: 'message', data: 'x', lastEventId: '41' }]);
    expect(lastEventId).toBe('41');
  });

  it('keeps a message that has not ended until its blank line comes', () => {
    const parser = parse(['id: 5\nevent: change\ndata: {}\n']);
    expect(parser.messages).toEqual([]);
    expect(parser.lastEventId).toBe('5');
  });

  it('ignores an id holding NUL, an unknown field and a retry that is not digits; starts from the id it is given', () => {
    const { messages, retries, lastEventId } = parse(['id: a\0b\nfoo: bar\nretry: 1s\nretry: 2500\ndata: x\n\n'], '9');
    expect(messages).toEqual([{ event: 'message', data: 'x', lastEventId: '9' }]);
    expect(retries).toEqual([2500]);
    expect(lastEventId).toBe('9');
  });

  it('drops a byte order mark at the start only', () => {
    expect(parse(['\uFEFFdata: x\n\n']).messages[0]?.data).toBe('x');
    expect(parse(['data: \uFEFFx\n\n']).messages[0]?.data).toBe('\uFEFFx');
  });
});
