// Handshake and server-information commands: hello/isMaster, ping, buildInfo, endSessions...
import type { Document } from 'bson';
import { MAX_BSON_OBJECT_SIZE, MAX_MESSAGE_SIZE } from '../wire/protocol.ts';
import { ErrorCodes, MongoCommandError } from '../errors.ts';
import type { CommandHandler } from './context.ts';

export const SERVER_VERSION = '7.0.0';
/** MongoDB 7.0; the driver 7 accepts 9 (4.4) to 29. */
export const MAX_WIRE_VERSION = 21;
const startedAt = new Date();

const hello: CommandHandler = (ctx) => {
  const legacy = ctx.command.hello === undefined;
  return {
    ...(legacy ? { ismaster: true } : { isWritablePrimary: true }),
    helloOk: true,
    topologyVersion: { processId: ctx.processId, counter: 0 },
    maxBsonObjectSize: MAX_BSON_OBJECT_SIZE,
    maxMessageSizeBytes: MAX_MESSAGE_SIZE,
    maxWriteBatchSize: 100_000,
    localTime: new Date(),
    logicalSessionTimeoutMinutes: 30,
    connectionId: ctx.connectionId,
    minWireVersion: 0,
    maxWireVersion: MAX_WIRE_VERSION,
    readOnly: false,
    ok: 1,
  };
};

const buildInfo: CommandHandler = () => ({
  version: SERVER_VERSION,
  gitVersion: 'mongo-embedded',
  versionArray: [7, 0, 0, 0],
  bits: 64,
  debug: false,
  maxBsonObjectSize: MAX_BSON_OBJECT_SIZE,
  storageEngines: ['mongo-embedded'],
  javascriptEngine: 'none',
  modules: [],
  ok: 1,
});

const ok: CommandHandler = () => ({ ok: 1 });

const serverStatus: CommandHandler = (ctx) => ({
  host: 'localhost',
  version: SERVER_VERSION,
  process: 'mongo-embedded',
  pid: process.pid,
  uptime: Math.floor((Date.now() - startedAt.getTime()) / 1000),
  localTime: new Date(),
  connections: { current: 0 },
  metrics: { cursor: { open: { total: ctx.cursors.count } } },
  opcounters: { ...ctx.opcounters },
  ok: 1,
});

/** Per-collection usage (see top.ts); like mongod, only in the admin database. */
const top: CommandHandler = (ctx) => {
  if (ctx.db !== 'admin')
    throw new MongoCommandError(
      ErrorCodes.Unauthorized,
      'top may only be run against the admin database.',
    );
  return { totals: ctx.top.totals(), ok: 1 };
};

const hostInfo: CommandHandler = () => ({
  system: { currentTime: new Date(), hostname: 'localhost' },
  os: { type: process.platform },
  ok: 1,
});

const connectionStatus: CommandHandler = () => ({
  authInfo: { authenticatedUsers: [], authenticatedUserRoles: [] },
  ok: 1,
});

const whatsmyuri: CommandHandler = () => ({ you: '127.0.0.1', ok: 1 });

/**
 * Server parameters setParameter accepts. They are recorded and reported; the TTL monitor already
 * runs every second, which is what tests that lower ttlMonitorSleepSecs want.
 */
const parameters: Document = {
  ttlMonitorSleepSecs: 1,
  ttlMonitorEnabled: true,
  notablescan: false,
  logLevel: 0,
  cursorTimeoutMillis: 600_000,
  maxTransactionLockRequestTimeoutMillis: 5,
  transactionLifetimeLimitSeconds: 60,
};

const getParameter: CommandHandler = (ctx) => {
  const reply: Document = {};
  const all = ctx.command.getParameter === '*';
  if (all || ctx.command.featureCompatibilityVersion !== undefined)
    reply.featureCompatibilityVersion = { version: '7.0' };
  for (const [name, value] of Object.entries(parameters))
    if (all || ctx.command[name] !== undefined) reply[name] = value;
  return { ...reply, ok: 1 };
};

const setParameter: CommandHandler = (ctx) => {
  if (ctx.db !== 'admin')
    throw new MongoCommandError(
      ErrorCodes.Unauthorized,
      'setParameter may only be run against the admin database.',
    );
  const names = Object.keys(ctx.command).filter(
    (key) => key !== 'setParameter' && !key.startsWith('$') && key !== 'lsid' && key !== 'comment',
  );
  const reply: Document = {};
  for (const name of names) {
    if (!(name in parameters))
      throw new MongoCommandError(
        ErrorCodes.InvalidOptions,
        `attempted to set unrecognized parameter [${name}], use help:true to see options `,
      );
    reply.was = parameters[name];
    parameters[name] = ctx.command[name];
  }
  return { ...reply, ok: 1 };
};

export const handshakeCommands: Record<string, CommandHandler> = {
  hello,
  isMaster: hello,
  ismaster: hello,
  ping: ok,
  buildInfo,
  buildinfo: buildInfo,
  endSessions: ok,
  killSessions: ok,
  refreshSessions: ok,
  serverStatus,
  top,
  hostInfo,
  connectionStatus,
  whatsmyuri,
  getParameter,
  setParameter,
  getLog: () => ({ totalLinesWritten: 0, log: [], ok: 1 }),
  getCmdLineOpts: () => ({ argv: process.argv, parsed: {}, ok: 1 }),
};
