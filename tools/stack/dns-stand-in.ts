/**
 * A DNS server on loopback that answers A questions for the names it holds, as a cluster's DNS answers
 * for a headless Service: one address per ready instance. A stack started with discovery 'dns' points its
 * gateways at it (UPSTREAM_DNS_SERVER) and takes an instance out of its name while it is not ready.
 *
 * Only what a resolver asking for addresses needs (RFC 1035 section 4): one question per query, class
 * IN; an A question for a name held gets its addresses (TTL 0: asked again, never cached); any other type
 * for a name held gets no answer (NODATA); a name not held is NXDOMAIN; an opcode other than a query is
 * NOTIMP; a message that cannot be read gets FORMERR when its header can, else no reply.
 */
import dgram from 'node:dgram';
import { isIPv4 } from 'node:net';

export interface DnsStandIn {
  /** Where it answers, 'address:port' (the gateways' UPSTREAM_DNS_SERVER). */
  server: string;
  /** The name's addresses from now on (none: NXDOMAIN, as for a headless Service with no ready pod). */
  set(name: string, addresses: readonly string[]): void;
  /** One address joins the name (an instance became ready); nothing when it is there already. */
  add(name: string, address: string): void;
  /** One address leaves the name (an instance is stopping, or died). */
  remove(name: string, address: string): void;
  /** The name's addresses now. */
  addresses(name: string): string[];
  close(): Promise<void>;
}

const TYPE_A = 1;
const CLASS_IN = 1;
const RCODE = { ok: 0, formatError: 1, nameError: 3, notImplemented: 4 } as const;
const HEADER_BYTES = 12;
/** Where the question's name starts: an answer names it by a pointer to that offset (0xC000 | 12). */
const NAME_POINTER = 0xc000 | HEADER_BYTES;

const canonical = (name: string) => name.toLowerCase().replace(/\.$/, '');

interface Question {
  name: string;
  type: number;
  klass: number;
  /** The question section as it came, echoed in the reply. */
  bytes: Buffer;
}

/** The one question of a query, or undefined when the message does not hold exactly one readable one. */
export function readQuestion(message: Buffer): Question | undefined {
  if (message.length < HEADER_BYTES || message.readUInt16BE(4) !== 1) return undefined;
  const labels: string[] = [];
  let offset = HEADER_BYTES;
  while (offset < message.length) {
    const length = message[offset]!;
    offset += 1;
    if (length === 0) {
      if (offset + 4 > message.length) return undefined;
      return {
        name: canonical(labels.join('.')),
        type: message.readUInt16BE(offset),
        klass: message.readUInt16BE(offset + 2),
        bytes: message.subarray(HEADER_BYTES, offset + 4),
      };
    }
    // A query's name is written out: a pointer (the two top bits) or a label past the end is malformed.
    if (length > 63 || offset + length > message.length) return undefined;
    labels.push(message.toString('latin1', offset, offset + length));
    offset += length;
  }
  return undefined;
}

/** The reply's header: the query's id, opcode and recursion-desired bit; an authoritative answer. */
function header(query: Buffer, rcode: number, questions: number, answers: number): Buffer {
  const flags = query.readUInt16BE(2);
  const opcodeAndRd = flags & 0x7900;
  const out = Buffer.alloc(HEADER_BYTES);
  out.writeUInt16BE(query.readUInt16BE(0), 0);
  // QR (a response) and AA (authoritative), RA (recursion available: nothing to recurse to, no refusal).
  out.writeUInt16BE(0x8000 | 0x0400 | 0x0080 | opcodeAndRd | rcode, 2);
  out.writeUInt16BE(questions, 4);
  out.writeUInt16BE(answers, 6);
  return out;
}

/** One A record for the question's name (by pointer), TTL ttlSeconds. */
function aRecord(address: string, ttlSeconds: number): Buffer {
  const record = Buffer.alloc(16);
  record.writeUInt16BE(NAME_POINTER, 0);
  record.writeUInt16BE(TYPE_A, 2);
  record.writeUInt16BE(CLASS_IN, 4);
  record.writeUInt32BE(ttlSeconds, 6);
  record.writeUInt16BE(4, 10);
  address.split('.').forEach((part, index) => record.writeUInt8(Number(part), 12 + index));
  return record;
}

/** The reply to one query, from the names held; undefined when not even its header can be read. */
export function answer(
  query: Buffer,
  held: ReadonlyMap<string, readonly string[]>,
  ttlSeconds = 0,
): Buffer | undefined {
  if (query.length < HEADER_BYTES || (query.readUInt16BE(2) & 0x8000) !== 0) return undefined;
  const opcode = (query.readUInt16BE(2) >> 11) & 0xf;
  const question = readQuestion(query);
  if (!question) return header(query, RCODE.formatError, 0, 0);
  if (opcode !== 0)
    return Buffer.concat([header(query, RCODE.notImplemented, 1, 0), question.bytes]);
  const addresses = held.get(question.name);
  if (!addresses || addresses.length === 0)
    return Buffer.concat([header(query, RCODE.nameError, 1, 0), question.bytes]);
  const records =
    question.type === TYPE_A && question.klass === CLASS_IN
      ? addresses.map((address) => aRecord(address, ttlSeconds))
      : [];
  return Buffer.concat([header(query, RCODE.ok, 1, records.length), question.bytes, ...records]);
}

/** Starts the server on host (127.0.0.1) and a free UDP port, holding no names. */
export async function startDnsStandIn(
  options: { host?: string; ttlSeconds?: number } = {},
): Promise<DnsStandIn> {
  const host = options.host ?? '127.0.0.1';
  const held = new Map<string, string[]>();
  const socket = dgram.createSocket('udp4');
  socket.on('message', (query, from) => {
    const reply = answer(query, held, options.ttlSeconds ?? 0);
    if (reply) socket.send(reply, from.port, from.address);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(0, host, () => {
      socket.off('error', reject);
      resolve();
    });
  });
  const set = (name: string, addresses: readonly string[]) => {
    for (const address of addresses)
      if (!isIPv4(address)) throw new Error(`${address} is not an IPv4 address (for ${name})`);
    held.set(canonical(name), [...new Set(addresses)]);
  };
  const addresses = (name: string) => [...(held.get(canonical(name)) ?? [])];
  return {
    server: `${host}:${socket.address().port}`,
    set,
    add: (name, address) => set(name, [...addresses(name), address]),
    remove: (name, address) =>
      set(
        name,
        addresses(name).filter((each) => each !== address),
      ),
    addresses,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
