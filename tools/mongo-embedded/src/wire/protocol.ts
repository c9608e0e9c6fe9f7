// MongoDB wire protocol: message framing, OP_MSG and legacy OP_QUERY parsing, OP_MSG and OP_REPLY
// serialisation. https://www.mongodb.com/docs/manual/reference/mongodb-wire-protocol/
import { BSON } from 'bson';
import type { Document } from 'bson';
import { deserializeTyped, losesTypes } from '../storage/number-types.ts';
import { ProtocolError } from '../errors.ts';

export const OP_REPLY = 1;
export const OP_QUERY = 2004;
export const OP_COMPRESSED = 2012;
export const OP_MSG = 2013;

export const MAX_BSON_OBJECT_SIZE = 16 * 1024 * 1024;
export const MAX_MESSAGE_SIZE = 48_000_000;
const HEADER_SIZE = 16;

const MSG_CHECKSUM_PRESENT = 1 << 0;
const MSG_MORE_TO_COME = 1 << 1;
const MSG_EXHAUST_ALLOWED = 1 << 16;
const MSG_KNOWN_FLAGS = MSG_CHECKSUM_PRESENT | MSG_MORE_TO_COME | MSG_EXHAUST_ALLOWED;

export interface MessageHeader {
  messageLength: number;
  requestId: number;
  responseTo: number;
  opCode: number;
}

export type Request =
  | {
      kind: 'msg';
      header: MessageHeader;
      command: Document;
      /** Set for the commands that store documents: see CommandContext.typedCommand. */
      typedCommand?: () => Document | undefined;
      moreToCome: boolean;
      /** The client accepts a stream of replies to this request (OP_MSG exhaustAllowed). */
      exhaustAllowed: boolean;
    }
  | { kind: 'query'; header: MessageHeader; collection: string; command: Document };

const deserializeOptions = { validation: { utf8: false } } as const;

/**
 * The total length of the message starting at `prefix` (at least 4 bytes). Throws on a length no
 * valid message can have, so an oversized message is refused before its body is read.
 */
export function messageLength(prefix: Buffer): number {
  const length = prefix.readInt32LE(0);
  if (length < HEADER_SIZE) throw new ProtocolError(`bad message length ${length}`);
  if (length > MAX_MESSAGE_SIZE) {
    throw new ProtocolError(
      `message of ${length} bytes exceeds the ${MAX_MESSAGE_SIZE} byte limit`,
    );
  }
  return length;
}

/** Cuts a byte stream into whole messages without re-copying what has arrived so far. */
export class MessageFramer {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private needed = 0;

  /** Adds received bytes; returns every message now complete. Throws ProtocolError on a bad length. */
  push(chunk: Buffer): Buffer[] {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    const messages: Buffer[] = [];
    for (;;) {
      if (this.needed === 0) {
        if (this.buffered < 4) break;
        const head = this.chunks[0]!.length >= 4 ? this.chunks[0]! : Buffer.concat(this.chunks);
        this.needed = messageLength(head);
      }
      if (this.buffered < this.needed) break;
      const all =
        this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.buffered);
      messages.push(all.subarray(0, this.needed));
      const rest = all.subarray(this.needed);
      this.chunks = rest.length ? [rest] : [];
      this.buffered = rest.length;
      this.needed = 0;
    }
    return messages;
  }
}

function readDocument(
  message: Buffer,
  offset: number,
  end: number,
  what: string,
): { doc: Document; next: number; bytes: Buffer } {
  if (offset + 5 > end) throw new ProtocolError(`truncated BSON in ${what}`);
  const size = message.readInt32LE(offset);
  if (size < 5 || offset + size > end)
    throw new ProtocolError(`truncated BSON in ${what} (size ${size})`);
  if (size > MAX_BSON_OBJECT_SIZE + 16 * 1024)
    throw new ProtocolError(`BSON document of ${size} bytes is too large`);
  try {
    const doc = BSON.deserialize(message.subarray(offset, offset + size), deserializeOptions);
    return { doc, next: offset + size, bytes: message.subarray(offset, offset + size) };
  } catch (error) {
    throw new ProtocolError(`invalid BSON in ${what}: ${(error as Error).message}`);
  }
}

function readCString(
  message: Buffer,
  offset: number,
  end: number,
): { value: string; next: number } {
  const zero = message.indexOf(0, offset);
  if (zero < 0 || zero >= end) throw new ProtocolError('unterminated cstring');
  return { value: message.toString('utf8', offset, zero), next: zero + 1 };
}

const STORING_COMMANDS = new Set(['insert', 'update', 'findAndModify', 'findandmodify']);

function firstKey(doc: Document): string | undefined {
  for (const key in doc) return key;
  return undefined;
}

/**
 * The command's sections read again keeping Int32, Double and Long (at most once, and only when its
 * bytes hold an int64 or an integral double: otherwise the plain command says it all).
 */
function typedReader(
  body: Buffer,
  sequences: Record<string, Buffer[]>,
): () => Document | undefined {
  let typed: Document | undefined | null = null;
  return () => {
    if (typed !== null) return typed;
    if (![body, ...Object.values(sequences).flat()].some(losesTypes)) return (typed = undefined);
    typed = deserializeTyped(body);
    for (const [id, docs] of Object.entries(sequences))
      typed[id] = docs.map((doc) => deserializeTyped(doc));
    return typed;
  };
}

/** Parses one complete message (header included) into a command document. */
export function parseMessage(message: Buffer): Request {
  const header: MessageHeader = {
    messageLength: message.readInt32LE(0),
    requestId: message.readInt32LE(4),
    responseTo: message.readInt32LE(8),
    opCode: message.readInt32LE(12),
  };
  if (header.opCode === OP_MSG) return parseOpMsg(message, header);
  if (header.opCode === OP_QUERY) return parseOpQuery(message, header);
  if (header.opCode === OP_COMPRESSED) throw new ProtocolError('compression was not negotiated');
  throw new ProtocolError(`unsupported opCode ${header.opCode}`);
}

function parseOpMsg(message: Buffer, header: MessageHeader): Request {
  if (message.length < HEADER_SIZE + 5) throw new ProtocolError('OP_MSG too short');
  const flags = message.readUInt32LE(HEADER_SIZE);
  if ((flags & 0xffff & ~MSG_KNOWN_FLAGS) !== 0)
    throw new ProtocolError(`unknown required OP_MSG flag bits ${flags}`);
  const end = flags & MSG_CHECKSUM_PRESENT ? message.length - 4 : message.length;
  let offset = HEADER_SIZE + 4;
  let body: Document | undefined;
  let bodyBytes: Buffer | undefined;
  const sequences: Record<string, Document[]> = {};
  const sequenceBytes: Record<string, Buffer[]> = {};
  while (offset < end) {
    const kind = message[offset];
    offset += 1;
    if (kind === 0) {
      if (body) throw new ProtocolError('OP_MSG with more than one body section');
      const read = readDocument(message, offset, end, 'OP_MSG body');
      body = read.doc;
      bodyBytes = read.bytes;
      offset = read.next;
    } else if (kind === 1) {
      if (offset + 4 > end) throw new ProtocolError('truncated document sequence');
      const size = message.readInt32LE(offset);
      const sectionEnd = offset + size;
      if (size < 5 || sectionEnd > end)
        throw new ProtocolError(`bad document sequence size ${size}`);
      const id = readCString(message, offset + 4, sectionEnd);
      const docs: Document[] = [];
      const bytes: Buffer[] = [];
      let position = id.next;
      while (position < sectionEnd) {
        const read = readDocument(message, position, sectionEnd, `document sequence ${id.value}`);
        docs.push(read.doc);
        bytes.push(read.bytes);
        position = read.next;
      }
      sequences[id.value] = docs;
      sequenceBytes[id.value] = bytes;
      offset = sectionEnd;
    } else {
      throw new ProtocolError(`unknown OP_MSG section kind ${kind}`);
    }
  }
  if (!body) throw new ProtocolError('OP_MSG without a body section');
  for (const [id, docs] of Object.entries(sequences)) body[id] = docs;
  return {
    kind: 'msg',
    header,
    command: body,
    // The commands that store documents can read them again with their number types.
    ...(STORING_COMMANDS.has(firstKey(body) ?? '')
      ? { typedCommand: typedReader(bodyBytes!, sequenceBytes) }
      : {}),
    moreToCome: (flags & MSG_MORE_TO_COME) !== 0,
    exhaustAllowed: (flags & MSG_EXHAUST_ALLOWED) !== 0,
  };
}

function parseOpQuery(message: Buffer, header: MessageHeader): Request {
  let offset = HEADER_SIZE + 4; // flags
  const name = readCString(message, offset, message.length);
  offset = name.next + 8; // numberToSkip, numberToReturn
  const query = readDocument(message, offset, message.length, 'OP_QUERY');
  // Legacy handshakes may wrap the command: { $query: { isMaster: 1 }, $readPreference: ... }.
  const command = (query.doc.$query as Document | undefined) ?? query.doc;
  const db = name.value.split('.')[0] ?? 'admin';
  return { kind: 'query', header, collection: name.value, command: { ...command, $db: db } };
}

let nextRequestId = 1;

function writeHeader(target: Buffer, length: number, responseTo: number, opCode: number): void {
  target.writeInt32LE(length, 0);
  target.writeInt32LE(nextRequestId++ & 0x7fffffff, 4);
  target.writeInt32LE(responseTo, 8);
  target.writeInt32LE(opCode, 12);
}

/** The requestId a serialised message was given (what the next reply of an exhaust stream answers). */
export function requestIdOf(message: Buffer): number {
  return message.readInt32LE(4);
}

/**
 * `moreToCome` on a reply tells the client that further replies follow without further requests
 * (an exhaust stream), each answering the requestId of the reply before it.
 */
export function serializeOpMsg(
  reply: Document,
  responseTo: number,
  options: { moreToCome?: boolean } = {},
): Buffer {
  const body = BSON.serialize(reply);
  const prefix = Buffer.alloc(HEADER_SIZE + 5);
  writeHeader(prefix, prefix.length + body.length, responseTo, OP_MSG);
  prefix.writeUInt32LE(options.moreToCome ? MSG_MORE_TO_COME : 0, HEADER_SIZE);
  prefix[HEADER_SIZE + 4] = 0;
  return Buffer.concat([prefix, body]);
}

export function serializeOpReply(reply: Document, responseTo: number): Buffer {
  const body = BSON.serialize(reply);
  const prefix = Buffer.alloc(HEADER_SIZE + 20);
  writeHeader(prefix, prefix.length + body.length, responseTo, OP_REPLY);
  prefix.writeInt32LE(0, HEADER_SIZE); // responseFlags
  prefix.writeBigInt64LE(0n, HEADER_SIZE + 4); // cursorID
  prefix.writeInt32LE(0, HEADER_SIZE + 12); // startingFrom
  prefix.writeInt32LE(1, HEADER_SIZE + 16); // numberReturned
  return Buffer.concat([prefix, body]);
}
