import type { Opcounters } from './opcounters.ts';
import type { TopCounters } from './top.ts';
import type { Document, ObjectId } from 'bson';
import type { CursorManager } from '../cursors.ts';
import type { StorageEngine } from '../storage/engine.ts';
import type { Logger } from '../logger.ts';

export interface CommandContext {
  engine: StorageEngine;
  cursors: CursorManager;
  logger: Logger;
  /** The database the command runs in (`$db`). */
  db: string;
  command: Document;
  /**
   * The command read again keeping its int64 and double types (storage/number-types.ts), for the
   * commands that store documents; undefined when its plain form lost no type, or it came without bytes.
   */
  typedCommand?: () => Document | undefined;
  connectionId: number;
  /** Identifies this server process in hello's topologyVersion. */
  processId: ObjectId;
  /** This server's operation counts since it started (serverStatus.opcounters). */
  opcounters: Opcounters;
  /** Per-collection operation counts and times since it started (the `top` command). */
  top: TopCounters;
}

/** A command handler is synchronous: nothing can interleave with it between read and write. */
export type CommandHandler = (ctx: CommandContext) => Document;
