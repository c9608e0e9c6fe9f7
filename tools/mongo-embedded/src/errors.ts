// MongoDB's own error codes and names, so drivers and mongoose classify errors exactly as they
// would against a real server (e.g. code 11000 -> duplicate key, 59 -> CommandNotFound).
export const ErrorCodes = {
  InternalError: 1,
  BadValue: 2,
  Unauthorized: 13,
  FailedToParse: 9,
  TypeMismatch: 14,
  ConflictingUpdateOperators: 40,
  IllegalOperation: 20,
  PathNotViable: 28,
  NamespaceNotFound: 26,
  IndexNotFound: 27,
  CursorNotFound: 43,
  NamespaceExists: 48,
  CommandNotFound: 59,
  ImmutableField: 66,
  CannotCreateIndex: 67,
  InvalidOptions: 72,
  InvalidNamespace: 73,
  IndexOptionsConflict: 85,
  IndexKeySpecsConflict: 86,
  DocumentValidationFailure: 121,
  NotImplemented: 238,
  OperationNotSupportedInTransaction: 263,
  NoQueryExecutionPlans: 291,
  BSONObjectTooLarge: 10334,
  DuplicateKey: 11000,
  OutOfDiskSpace: 14031,
  Location17262: 17262,
  Location17313: 17313,
  DocumentTooLarge: 17419,
  Location10065: 10065,
  Location16605: 16605,
  Location16606: 16606,
  Location16607: 16607,
  Location40218: 40218,
  Location40227: 40227,
  Location40352: 40352,
  Location40573: 40573,
  Location40324: 40324,
  Location40600: 40600,
  Location40601: 40601,
  Location40602: 40602,
  Location50856: 50856,
  Location50857: 50857,
  Location50858: 50858,
} as const;

const codeNames: Record<number, string> = Object.fromEntries(
  Object.entries(ErrorCodes).map(([name, code]) => [code, name]),
);

/** An error answered to the client as `{ ok: 0, errmsg, code, codeName, ...extra }`. */
export class MongoCommandError extends Error {
  readonly code: number;
  readonly extra: Record<string, unknown>;

  constructor(code: number, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.name = 'MongoCommandError';
    this.code = code;
    this.extra = extra;
  }

  get codeName(): string {
    return codeNames[this.code] ?? 'UnknownError';
  }

  toReply(): Record<string, unknown> {
    return { ok: 0, errmsg: this.message, code: this.code, codeName: this.codeName, ...this.extra };
  }

  /** The entry of a write command's `writeErrors` array. */
  toWriteError(index: number): Record<string, unknown> {
    return { index, code: this.code, errmsg: this.message, ...this.extra };
  }
}

/** Wraps anything thrown while executing a command (mingo errors included) as a MongoDB error. */
export function asCommandError(error: unknown): MongoCommandError {
  if (error instanceof MongoCommandError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new MongoCommandError(ErrorCodes.BadValue, message);
}

/** A malformed message: the connection that sent it is closed; the server keeps running. */
export class ProtocolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProtocolError';
  }
}
