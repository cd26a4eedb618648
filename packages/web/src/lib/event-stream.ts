import { apiUrl, authHeaders, type QueryParams } from './http-client';

/**
 * Server-sent events read with fetch() + ReadableStream, so the request carries the same headers and
 * signature as every other call (EventSource cannot send them). Reconnects with a growing delay
 * (1 s → 30 s) until closed; a 401/403 ends the stream (the session is gone; ordinary calls handle it).
 */

interface StreamMessage {
  event: string;
  data: string;
  id: string | null;
}

interface EventStreamOptions {
  params?: QueryParams;
  onMessage: (msg: StreamMessage) => void;
  /** connected (again): callers refresh what they may have missed */
  onOpen?: () => void;
  onClose?: (reason: 'closed' | 'unauthorized') => void;
}

const MIN_DELAY = 1000;
const MAX_DELAY = 30_000;

/** Splits an SSE text buffer into complete messages; returns them and the unfinished rest. */
export function parseSseChunk(buffer: string): { messages: StreamMessage[]; rest: string } {
  const messages: StreamMessage[] = [];
  const blocks = buffer.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = 'message';
    let id: string | null = null;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (!line || line.startsWith(':')) continue;
      const at = line.indexOf(':');
      const field = at < 0 ? line : line.slice(0, at);
      const value = at < 0 ? '' : line.slice(at + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
      else if (field === 'id') id = value;
    }
    if (data.length) messages.push({ event, data: data.join('\n'), id });
  }
  return { messages, rest };
}

/** Opens the stream; returns the function that closes it. */
export function openEventStream(path: string, opts: EventStreamOptions): () => void {
  const controller = new AbortController();
  let delay = MIN_DELAY;
  let closed = false;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = window.setTimeout(resolve, ms);
      controller.signal.addEventListener(
        'abort',
        () => {
          window.clearTimeout(t);
          resolve();
        },
        { once: true },
      );
    });

  const connect = async (): Promise<'retry' | 'unauthorized'> => {
    const url = apiUrl(path, opts.params);
    const headers = await authHeaders(url.split('?')[0]);
    headers.Accept = 'text/event-stream';
    const res = await fetch(url, { headers, signal: controller.signal, credentials: 'same-origin', cache: 'no-store' });
    if (res.status === 401 || res.status === 403) return 'unauthorized';
    if (!res.ok || !res.body) return 'retry';
    delay = MIN_DELAY;
    opts.onOpen?.();
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return 'retry';
      buffer += decoder.decode(value, { stream: true });
      const parsed = parseSseChunk(buffer);
      buffer = parsed.rest;
      for (const m of parsed.messages) opts.onMessage(m);
    }
  };

  void (async () => {
    while (!closed) {
      let outcome: 'retry' | 'unauthorized' = 'retry';
      try {
        outcome = await connect();
      } catch {
        /* network error or aborted: retry unless closed */
      }
      if (closed) break;
      if (outcome === 'unauthorized') {
        closed = true;
        opts.onClose?.('unauthorized');
        return;
      }
      await sleep(delay);
      delay = Math.min(delay * 2, MAX_DELAY);
    }
  })();

  return () => {
    if (closed) return;
    closed = true;
    controller.abort();
    opts.onClose?.('closed');
  };
}
