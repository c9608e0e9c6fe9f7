// Routes a command document to its handler, and turns every failure into MongoDB's error reply.
import type { Document } from 'bson';
import { asCommandError, ErrorCodes, MongoCommandError } from '../errors.ts';
import { adminCommands } from './admin.ts';
import type { CommandContext, CommandHandler } from './context.ts';
import { handshakeCommands } from './handshake.ts';
import { readCommands } from './read.ts';
import { writeCommands } from './write.ts';

const handlers = new Map<string, CommandHandler>(
  Object.entries({ ...handshakeCommands, ...readCommands, ...writeCommands, ...adminCommands }),
);

export function commandName(command: Document): string {
  return Object.keys(command)[0] ?? '';
}

export function runCommand(ctx: Omit<CommandContext, 'db'>): Document {
  const name = commandName(ctx.command);
  try {
    const db = ctx.command.$db;
    if (typeof db !== 'string' || !db)
      throw new MongoCommandError(ErrorCodes.FailedToParse, 'Missing $db in command');
    // A standalone server has no transactions: MongoDB's own answer, which drivers relay as-is.
    if (
      ctx.command.txnNumber !== undefined ||
      ctx.command.startTransaction === true ||
      ctx.command.autocommit === false
    ) {
      throw new MongoCommandError(
        ErrorCodes.IllegalOperation,
        'Transaction numbers are only allowed on a replica set member or mongos',
      );
    }
    const handler = handlers.get(name);
    if (!handler)
      throw new MongoCommandError(ErrorCodes.CommandNotFound, `no such command: '${name}'`);
    return handler({ ...ctx, db });
  } catch (error) {
    const commandError = asCommandError(error);
    if (!(error instanceof MongoCommandError))
      ctx.logger.warn(`command ${name} failed: ${commandError.message}`);
    return commandError.toReply();
  }
}

/** Commands whose success must be on disk before the reply is sent. */
export const WRITE_COMMANDS = new Set([
  'insert',
  'update',
  'delete',
  'findAndModify',
  'findandmodify',
  'create',
  'drop',
  'dropDatabase',
  'createIndexes',
  'dropIndexes',
  'deleteIndexes',
]);
