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
  connectionId: number;
  /** Identifies this server process in hello's topologyVersion. */
  processId: ObjectId;
}

/** A command handler is synchronous: nothing can interleave with it between read and write. */
export type CommandHandler = (ctx: CommandContext) => Document;
