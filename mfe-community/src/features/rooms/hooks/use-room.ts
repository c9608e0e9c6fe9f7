import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { ROOM_HEARTBEAT_MS, ROOM_STREAM_RETRY_MS } from '@levelup/contracts';
import {
  fetchRoom,
  parseStreamEvent,
  pingRoom,
  roomEventsUrl,
  ROOM_STREAM_TYPES,
} from '../api/room-api.ts';
import { initialRoomView, needsSnapshot, roomReducer } from '../state/room-reducer.ts';
import { bestOffset, type OffsetSample } from '../timer/focus-timer.ts';

/** A gap in the room's events that the stream has not filled by then is closed with a fresh snapshot. */
const GAP_WAIT_MS = 1_000;
/** The latest clock samples kept (each snapshot read adds one). */
const SAMPLES_KEPT = 8;

/**
 * The live room: a snapshot read over HTTP, then the room's event stream on top of it. EventSource
 * reconnects by itself after a network loss (sending the last event id, so the server resumes after it);
 * each (re)connection reads the snapshot again, so nothing missed stays missed. While the stream is open
 * this screen pings, which keeps its member present; closing the tab stops both and the member is gone
 * after the presence timeout.
 */
export function useRoom(id: string) {
  const [view, dispatch] = useReducer(roomReducer, initialRoomView);
  const [offsetMs, setOffsetMs] = useState(0);
  const [loadError, setLoadError] = useState<unknown>(null);
  /** Bumped to open a new stream after the browser gave one up (EventSource closed for good). */
  const [generation, setGeneration] = useState(0);
  const samples = useRef<OffsetSample[]>([]);

  const resync = useCallback(async () => {
    try {
      const { room, sample } = await fetchRoom(id);
      samples.current = [...samples.current, sample].slice(-SAMPLES_KEPT);
      setOffsetMs(bestOffset(samples.current));
      setLoadError(null);
      dispatch({ type: 'snapshot', room });
      return true;
    } catch (error) {
      setLoadError(error);
      return false;
    }
  }, [id]);

  useEffect(() => {
    void resync();
  }, [resync]);

  const ended = view.connection === 'ended';
  useEffect(() => {
    if (ended || typeof EventSource === 'undefined') return undefined;
    const source = new EventSource(roomEventsUrl(id), { withCredentials: true });
    let retry: ReturnType<typeof setTimeout> | undefined;
    const onMessage = (message: MessageEvent<string>) => {
      const event = parseStreamEvent(message.data);
      if (!event) return;
      dispatch({ type: 'stream', event });
      if (event.type === 'ended') source.close();
    };
    for (const type of ROOM_STREAM_TYPES) source.addEventListener(type, onMessage);
    source.onmessage = onMessage;
    source.onopen = () => {
      dispatch({ type: 'connection', status: 'live' });
      void resync();
    };
    source.onerror = () => {
      dispatch({ type: 'connection', status: 'reconnecting' });
      // The browser retries by itself unless the answer was not a stream (a 403, a 502 from the gateway
      // while the service restarts): then try again here once the room can be read.
      if (source.readyState === EventSource.CLOSED)
        retry = setTimeout(() => {
          void resync().then((ok) => ok && setGeneration((n) => n + 1));
        }, ROOM_STREAM_RETRY_MS);
    };
    return () => {
      clearTimeout(retry);
      source.close();
    };
  }, [id, ended, generation, resync]);

  // Pings keep this member present; the stream's own connection id ties them to it.
  const connectionId = view.connectionId;
  useEffect(() => {
    if (!connectionId) return undefined;
    const timer = setInterval(() => {
      pingRoom(id, connectionId).catch(() => {});
    }, ROOM_HEARTBEAT_MS);
    return () => clearInterval(timer);
  }, [id, connectionId]);

  const gap = needsSnapshot(view);
  useEffect(() => {
    if (!gap) return undefined;
    const timer = setTimeout(() => void resync(), GAP_WAIT_MS);
    return () => clearTimeout(timer);
  }, [gap, resync]);

  /** Read the room again and open a new stream (after joining the session from this page). */
  const reconnect = useCallback(async () => {
    if (await resync()) setGeneration((n) => n + 1);
  }, [resync]);

  return {
    room: view.log.state,
    reconnect,
    connection: view.connection,
    ended: view.ended,
    offsetMs,
    loadError,
    resync,
  };
}

/** The server's clock now, read every quarter second (the countdown's seconds change on time). */
export function useServerNow(offsetMs: number, tickMs = 250): number {
  const [now, setNow] = useState(() => Date.now() + offsetMs);
  useEffect(() => {
    setNow(Date.now() + offsetMs);
    const timer = setInterval(() => setNow(Date.now() + offsetMs), tickMs);
    return () => clearInterval(timer);
  }, [offsetMs, tickMs]);
  return now;
}
