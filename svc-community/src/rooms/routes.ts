import { PassThrough } from 'node:stream';
import { Router } from '@koa/router';
import {
  API,
  ROOM_STREAM_RETRY_MS,
  idParamsSchema,
  type RoomStreamEvent,
} from '@levelup/contracts';
import { mount, userIdOf } from '@levelup/service-kit';
import type { SessionsService } from '../sessions/sessions.service.ts';
import type { RoomsService } from './rooms.service.ts';

/** Last-Event-ID as a sequence number, or null when absent or not one. */
function lastEventIdOf(header: string | undefined): number | null {
  if (!header || !/^\d{1,15}$/.test(header)) return null;
  return Number(header);
}

/** One SSE message: `event:` its type, `id:` its sequence number when it has one, `data:` the JSON. */
export function sseMessage(event: RoomStreamEvent, seq?: number): string {
  return `${seq === undefined ? '' : `id: ${seq}\n`}event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

/** Live rooms: state, stream, ping, check-in and check-out, removal, report, mute, and Start now. */
export function roomsRouter({
  rooms,
  sessions,
}: {
  rooms: RoomsService;
  sessions: SessionsService;
}): Router {
  const router = new Router();
  mount(router, API.quickMatch, ({ ctx, body }) =>
    sessions.quickMatch(userIdOf(ctx), body.focusMinutes),
  );
  mount(router, API.getRoom, ({ ctx, params }) => rooms.getRoom(userIdOf(ctx), params.id));
  mount(router, API.coFocusBonus, ({ ctx, params }) =>
    rooms.coFocusBonus(userIdOf(ctx), params.eventId),
  );
  mount(router, API.pingRoom, ({ ctx, params, body }) =>
    rooms.ping(userIdOf(ctx), params.id, body.connectionId),
  );
  mount(router, API.checkIn, ({ ctx, params, body }) =>
    rooms.checkIn(userIdOf(ctx), params.id, body),
  );
  mount(router, API.checkOut, ({ ctx, params, body }) =>
    rooms.checkOut(userIdOf(ctx), params.id, body),
  );
  mount(router, API.removeRoomMember, ({ ctx, params }) =>
    rooms.removeMember(userIdOf(ctx), params.id, params.userId),
  );
  mount(router, API.reportRoomMember, ({ ctx, params, body }) =>
    rooms.reportMember(userIdOf(ctx), params.id, params.userId, body?.reason ?? null),
  );
  mount(router, API.muteRoomMember, ({ ctx, params }) =>
    rooms.muteMember(userIdOf(ctx), params.id, params.userId),
  );

  // The stream cannot use mount (its answer is not one JSON body); its path is the contract's.
  router.get(API.roomEvents.path, async (ctx) => {
    const { id } = idParamsSchema.parse(ctx.params);
    const userId = userIdOf(ctx);
    const stream = new PassThrough();
    const closeListeners: Array<() => void> = [];
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      ctx.req.socket.setTimeout(0);
      ctx.req.socket.setNoDelay(true);
      ctx.status = 200;
      ctx.set({
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
      });
      ctx.body = stream;
      stream.write(`retry: ${ROOM_STREAM_RETRY_MS}\n\n`);
    };
    let isClosed = false;
    const closed = () => {
      isClosed = true;
      for (const listener of closeListeners.splice(0)) listener();
    };
    ctx.req.once('close', closed);
    ctx.res.once('close', closed);
    await rooms.openStream(userId, id, lastEventIdOf(ctx.get('last-event-id') || undefined), {
      write(event, seq) {
        start();
        stream.write(sseMessage(event, seq));
      },
      end() {
        stream.end();
      },
      onClose(listener) {
        if (isClosed) listener();
        else closeListeners.push(listener);
      },
    });
  });
  return router;
}
