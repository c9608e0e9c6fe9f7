import { roomStreamEventSchema, type RoomStreamEvent } from '@levelup/contracts';

export interface ReceivedEvent {
  /** The SSE `id:` line (the sequence number) when the message had one. */
  id: string | undefined;
  event: RoomStreamEvent;
}

export interface OpenStream {
  status: number;
  contentType: string | null;
  /** Every message so far, in arrival order. */
  received: ReceivedEvent[];
  /** Resolves with the first message (already received or coming) that `match` accepts. */
  next(match: (event: RoomStreamEvent) => boolean, timeoutMs?: number): Promise<RoomStreamEvent>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

/**
 * A room stream read as EventSource would: `id:`, `event:` and `data:` lines, messages split by a blank
 * line; each data line is checked against the contract's event union.
 */
export async function openStream(
  url: string,
  headers: Record<string, string>,
): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const received: ReceivedEvent[] = [];
  const waiters = new Set<() => void>();
  let endedResolve!: () => void;
  const ended = new Promise<void>((resolve) => (endedResolve = resolve));
  const stream: OpenStream = {
    status: response.status,
    contentType: response.headers.get('content-type'),
    received,
    ended,
    next(match, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        let seen = 0;
        const check = () => {
          for (; seen < received.length; seen += 1) {
            const event = received[seen]!.event;
            if (match(event)) {
              waiters.delete(check);
              clearTimeout(timer);
              resolve(event);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `no matching event in ${timeoutMs} ms; got ${received.map((r) => r.event.type).join(', ')}`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => controller.abort(),
  };
  if (!response.ok || !response.body) {
    endedResolve();
    return stream;
  }
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let split;
        while ((split = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          let id: string | undefined;
          let data = '';
          for (const line of block.split('\n')) {
            if (line.startsWith('id: ')) id = line.slice(4);
            else if (line.startsWith('data: ')) data += line.slice(6);
          }
          if (!data) continue;
          received.push({ id, event: roomStreamEventSchema.parse(JSON.parse(data)) });
          for (const waiter of [...waiters]) waiter();
        }
      }
    } catch {
      // aborted by close()
    } finally {
      endedResolve();
    }
  })();
  return stream;
}
