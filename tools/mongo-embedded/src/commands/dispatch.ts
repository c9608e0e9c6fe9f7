// Routes a command document to its handler, and turns every failure into MongoDB's error reply.
import type { Document } from 'bson';
import { asCommandError, ErrorCodes, MongoCommandError } from '../errors.ts';
import { withCollation } from '../storage/collation.ts';
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
    return withCollation(collationOf({ ...ctx, db }, name), () => handler({ ...ctx, db }));
  } catch (error) {
    const commandError = asCommandError(error);
    if (!(error instanceof MongoCommandError))
      ctx.logger.warn(`command ${name} failed: ${commandError.message}`);
    return commandError.toReply();
  }
}

/**
 * The collation a command runs under: its own, its first update or delete statement's, or else the
 * default collation its collection was created with.
 */
function collationOf(ctx: CommandContext, name: string): unknown {
  const { command } = ctx;
  if (command.collation !== undefined) return command.collation;
  for (const field of ['updates', 'deletes']) {
    const statements = command[field] as Document[] | undefined;
    if (Array.isArray(statements) && statements[0]?.collation !== undefined)
      return statements[0].collation;
  }
  const target = command[name];
  if (typeof target !== 'string') return undefined;
  return ctx.engine.get(ctx.db, target)?.options.collation;
}

/**
 * Whether a command reads or writes stored data: its reply waits until every change it could
 * have seen is durable, and it is refused once the journal has failed. The handshake and
 * monitoring commands (hello, ping, buildInfo, ...) are not, so drivers keep a failed server
 * selectable and see the journal's error on the commands that matter.
 */
export function touchesData(command: Document): boolean {
  return !Object.hasOwn(handshakeCommands, commandName(command));
}
