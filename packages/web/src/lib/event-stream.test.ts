import { describe, expect, it } from 'vitest';
import { parseSseChunk } from './event-stream';

describe('parseSseChunk', () => {
  it('splits complete messages and keeps the unfinished rest', () => {
    const { messages, rest } = parseSseChunk('event: notification\ndata: {"a":1}\n\n: ping\n\ndata: x\ndata: y\n\nevent: n\ndata: par');
    expect(messages).toEqual([
      { event: 'notification', data: '{"a":1}', id: null },
      { event: 'message', data: 'x\ny', id: null },
    ]);
    expect(rest).toBe('event: n\ndata: par');
  });

  it('handles CRLF line ends and ids', () => {
    const { messages } = parseSseChunk('id: 7\r\nevent: e\r\ndata: v\r\n\r\n');
    expect(messages).toEqual([{ event: 'e', data: 'v', id: '7' }]);
  });
});
