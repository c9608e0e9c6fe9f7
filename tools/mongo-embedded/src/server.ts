// TCP server: one connection per client socket, messages framed and answered in order per
// connection; all connections share one storage engine.
import net from 'node:net';
import type { Document } from 'bson';
import { ObjectId } from 'bson';
import type { CommandContext } from './commands/context.ts';
import { commandName, touchesData, runCommand } from './commands/dispatch.ts';
import { countOperation, newOpcounters } from './commands/opcounters.ts';
import { TopCounters } from './commands/top.ts';
import { runStorageCommand, storageCommands } from './commands/storage-admin.ts';
import { CursorManager } from './cursors.ts';
import { ErrorCodes, MongoCommandError, ProtocolError } from './errors.ts';
import type { Logger } from './logger.ts';
import type { Durability } from './persistence/durability.ts';
import type { StorageEngine } from './storage/engine.ts';
import {
  MessageFramer,
  parseMessage,
  requestIdOf,
  serializeOpMsg,
  serializeOpReply,
} from './wire/protocol.ts';
import type { Request } from './wire/protocol.ts';

export interface ServerDeps {
  engine: StorageEngine;
  durability: Durability;
  logger: Logger;
}

export class WireServer {
  private readonly server: net.Server;
  private readonly sockets = new Set<net.Socket>();
  readonly cursors = new CursorManager();
  private readonly processId = new ObjectId();
  private readonly opcounters = newOpcounters();
  private readonly top = new TopCounters();
  private nextConnectionId = 1;
  private readonly deps: ServerDeps;
  private readonly sweepTimer: NodeJS.Timeout;
  private closing = false;
  private readonly waits = new Set<() => void>();

  constructor(deps: ServerDeps) {
    this.deps = deps;
    this.server = net.createServer((socket) => this.accept(socket));
    this.sweepTimer = setInterval(() => this.cursors.sweep(), 60_000);
    this.sweepTimer.unref();
  }

  listen(port: number, host: string): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve((this.server.address() as net.AddressInfo).port);
      });
    });
  }

  async close(): Promise<void> {
    clearInterval(this.sweepTimer);
    this.closing = true;
    for (const wake of this.waits) wake();
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
    this.cursors.clear();
  }

  private accept(socket: net.Socket): void {
    const connectionId = this.nextConnectionId++;
    this.sockets.add(socket);
    socket.setNoDelay(true);
    const framer = new MessageFramer();
    const queue: Request[] = [];
    let busy = false;

    const fail = (reason: string): void => {
      this.deps.logger.warn(`connection ${connectionId} closed: ${reason}`);
      queue.length = 0;
      socket.destroy();
    };

    const drain = async (): Promise<void> => {
      if (busy) return;
      busy = true;
      try {
        while (queue.length && !socket.destroyed) {
          const request = queue.shift()!;
          if (
            request.kind === 'msg' &&
            request.exhaustAllowed &&
            isAwaitableHello(request.command)
          ) {
            // The client sends nothing more on this connection while it streams, and the stream
            // normally lasts as long as the socket; anything queued is served if it ends sooner.
            await this.streamHello(request, connectionId, socket);
            continue;
          }
          const reply = await this.handle(request, connectionId, socket);
          if (reply && !socket.destroyed) socket.write(reply);
        }
      } catch (error) {
        fail(`internal error: ${(error as Error).message}`);
      } finally {
        busy = false;
      }
    };

    socket.on('data', (chunk: Buffer) => {
      try {
        for (const message of framer.push(chunk)) queue.push(parseMessage(message));
      } catch (error) {
        if (error instanceof ProtocolError) fail(error.message);
        else fail(`unexpected error: ${(error as Error).message}`);
        return;
      }
      void drain();
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => this.sockets.delete(socket));
  }

  /**
   * Awaitable hello (server monitoring): a client that already knows our topologyVersion asks to
   * be answered only when it changes or after maxAwaitTimeMS. A standalone's topology never
   * changes, so it simply waits, as mongod does, instead of answering a tight polling loop.
   */
  private async awaitableHello(command: Document, socket: net.Socket): Promise<void> {
    if (!isAwaitableHello(command) || this.closing) return;
    const known = (command.topologyVersion as Document).processId as unknown;
    if (String(known) !== this.processId.toHexString()) return;
    await this.pause(Number(command.maxAwaitTimeMS), socket);
  }

  /**
   * Resolves after `ms`, or at once when the server closes or the socket does; either way no timer
   * is left behind (a monitor connection that dies mid-wait must not leave one per connection).
   */
  private pause(ms: number, socket: net.Socket): Promise<void> {
    if (socket.destroyed) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const wake = (): void => {
        clearTimeout(timer);
        this.waits.delete(wake);
        socket.off('close', wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      timer.unref();
      this.waits.add(wake);
      socket.once('close', wake);
    });
  }

  /**
   * The driver's streaming monitor: an awaitable hello sent with exhaustAllowed is
   * answered with moreToCome set and then, like mongod, by a fresh hello after every
   * maxAwaitTimeMS, without further requests. Each reply answers the requestId of the one before
   * it. Ending the stream with a reply without moreToCome would make the driver fail the heartbeat
   * ("Server ended moreToCome unexpectedly") and clear its connection pool, so the stream only
   * ends with the socket: when the client closes it or the server shuts down (close() destroys it).
   */
  private async streamHello(
    request: Extract<Request, { kind: 'msg' }>,
    connectionId: number,
    socket: net.Socket,
  ): Promise<void> {
    let command = request.command;
    let responseTo = request.header.requestId;
    for (;;) {
      await this.awaitableHello(command, socket);
      if (socket.destroyed || this.closing) return;
      const reply = runCommand(this.context({ command }, connectionId));
      const streaming = reply.ok === 1;
      const bytes = serializeOpMsg(reply, responseTo, { moreToCome: streaming });
      socket.write(bytes);
      if (!streaming) return;
      responseTo = requestIdOf(bytes);
      // mongod runs each next round as if asked with the topologyVersion it has just sent, so a
      // client that started from a stale one gets one immediate answer and then waits like the rest.
      command = { ...command, topologyVersion: reply.topologyVersion as Document };
    }
  }

  private context(
    request: { command: Document; typedCommand?: () => Document | undefined },
    connectionId: number,
  ): Omit<CommandContext, 'db'> {
    return {
      engine: this.deps.engine,
      cursors: this.cursors,
      logger: this.deps.logger,
      command: request.command,
      ...(request.typedCommand ? { typedCommand: request.typedCommand } : {}),
      connectionId,
      processId: this.processId,
      opcounters: this.opcounters,
      top: this.top,
    };
  }

  /** Runs one request; resolves with the reply bytes (none for a fire-and-forget OP_MSG). */
  private async handle(
    request: Request,
    connectionId: number,
    socket: net.Socket,
  ): Promise<Buffer | undefined> {
    await this.awaitableHello(request.command, socket);
    countOperation(this.opcounters, request.command);
    const started = performance.now();
    let reply: Document;
    const dataCommand = touchesData(request.command);
    const failure = dataCommand ? this.deps.durability.failed() : undefined;
    if (failure) {
      reply = failure.toReply();
    } else {
      reply = storageCommands.has(commandName(request.command))
        ? await runStorageCommand(request.command, this.deps.engine, this.deps.durability)
        : runCommand(this.context(request, connectionId));
      // Group commit: a write is acknowledged, and a read answered, only once every change it
      // made or could have seen is on disk (writes made meanwhile share the same fsync).
      if (dataCommand) {
        try {
          await this.deps.durability.sync();
        } catch (error) {
          reply =
            error instanceof MongoCommandError
              ? error.toReply()
              : new MongoCommandError(
                  ErrorCodes.InternalError,
                  `write not durable: ${(error as Error).message}`,
                ).toReply();
        }
      }
    }
    this.top.record(request.command, (performance.now() - started) * 1000);
    if (request.kind === 'msg' && request.moreToCome) return undefined;
    const serialize = request.kind === 'query' ? serializeOpReply : serializeOpMsg;
    try {
      return serialize(reply, request.header.requestId);
    } catch (error) {
      const failure = new MongoCommandError(
        ErrorCodes.BSONObjectTooLarge,
        `reply could not be serialised: ${(error as Error).message}`,
      );
      return serialize(failure.toReply(), request.header.requestId);
    }
  }
}

/** A hello/isMaster from a monitor that knows a topologyVersion and will wait maxAwaitTimeMS. */
function isAwaitableHello(command: Document): boolean {
  const name = Object.keys(command)[0];
  if (name !== 'hello' && name !== 'isMaster' && name !== 'ismaster') return false;
  const maxAwait = Number(command.maxAwaitTimeMS);
  const known = (command.topologyVersion as Document | undefined)?.processId as unknown;
  return known !== undefined && known !== null && Number.isFinite(maxAwait) && maxAwait > 0;
}
