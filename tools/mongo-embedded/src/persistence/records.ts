// On-disk record framing shared by the journal and snapshots:
//   [magic "MEJ2"][u32 payload length][u32 crc32 of length + payload][payload: one BSON document]
// The magic marker lets a reader find the next intact record after a damaged one, so a damaged
// record in the middle of a file (corruption: refuse to start, repair) is told apart from a damaged
// last record with nothing intact after it (a torn write: dropped).
//
// Files written before the marker existed ("legacy": [u32 length][u32 crc32 of payload][payload])
// are still read; a legacy file can only be read up to its first damaged record.
import { crc32 } from 'node:zlib';
import { BSON, ObjectId } from 'bson';
import type { Document } from 'bson';
import {
  asStored,
  deserializeTyped,
  losesTypes,
  plainValue,
  storable,
} from '../storage/number-types.ts';

export const MAGIC = Buffer.from('MEJ2', 'latin1');
const HEADER = 12;
const LEGACY_HEADER = 8;
const MAX_RECORD = 64 * 1024 * 1024;

function checksum(lengthField: Buffer, payload: Uint8Array): number {
  return crc32(payload, crc32(lengthField));
}

export function encodeRecord(record: Document): Buffer {
  // A stored document is written with its number types (its typed twin), and read back with them.
  const doc = record.doc as Document | undefined;
  const payload = BSON.serialize(doc ? { ...record, doc: asStored(doc) } : record);
  const frame = Buffer.allocUnsafe(HEADER + payload.length);
  MAGIC.copy(frame, 0);
  frame.writeUInt32LE(payload.length, 4);
  frame.writeUInt32LE(checksum(frame.subarray(4, 8), payload), 8);
  frame.set(payload, HEADER);
  return frame;
}

/** A record whose document keeps an int64 or integral double: stored plain, with its typed twin. */
function typedRecord(payload: Uint8Array): Document {
  const { doc, ...rest } = deserializeTyped(payload);
  const record = plainValue(rest) as Document;
  if (doc) record.doc = storable(doc as Document);
  return record;
}

function parsePayload(payload: Uint8Array): Document {
  return losesTypes(payload) ? typedRecord(payload) : BSON.deserialize(payload);
}

/** A stretch of a file that holds no intact record. */
export interface Damage {
  /** Byte offset where the damaged record starts. */
  offset: number;
  /** Byte offset of the next intact record (or the end of the file for a torn tail). */
  end: number;
  reason: string;
  /** What the damaged record was about, when its bytes still parse (checksum aside). */
  readable?: { op?: string; db?: string; coll?: string; id?: unknown };
}

export interface DecodedLog {
  format: 'v2' | 'legacy' | 'empty';
  records: Document[];
  /** Damaged records with intact records after them (corruption, never a torn write). */
  damaged: Damage[];
  /** A damaged last record with nothing intact after it: what a crash in the middle of a write leaves. */
  torn?: Damage;
  /** Bytes up to the end of the last intact record. */
  validLength: number;
}

type Attempt = { end: number; record: Document } | { reason: string };

function readRecord(data: Buffer, offset: number): Attempt {
  if (offset + HEADER > data.length) return { reason: 'incomplete record header' };
  if (!data.subarray(offset, offset + 4).equals(MAGIC)) return { reason: 'no record marker' };
  const length = data.readUInt32LE(offset + 4);
  if (length < 5 || length > MAX_RECORD) return { reason: `bad record length ${length}` };
  const end = offset + HEADER + length;
  if (end > data.length) return { reason: 'incomplete record' };
  const payload = data.subarray(offset + HEADER, end);
  if (checksum(data.subarray(offset + 4, offset + 8), payload) !== data.readUInt32LE(offset + 8))
    return { reason: 'checksum mismatch' };
  try {
    return { end, record: parsePayload(payload) };
  } catch {
    return { reason: 'unreadable record' };
  }
}

/** The first offset at or after `from` where an intact record starts, or -1. */
function nextIntact(data: Buffer, from: number): number {
  let at = data.indexOf(MAGIC, from);
  while (at !== -1) {
    if ('end' in readRecord(data, at)) return at;
    at = data.indexOf(MAGIC, at + 1);
  }
  return -1;
}

/** Best effort: the operation, namespace and _id of a damaged record whose bytes still say. */
function readableDamage(data: Buffer, offset: number, end: number): Damage['readable'] {
  const start = offset + HEADER;
  if (start + 5 > end) return undefined;
  const declared = data.readUInt32LE(offset + 4);
  // The length field itself may be the damaged byte: also try the stretch up to the next record.
  for (const length of new Set([declared, end - start])) {
    if (length < 5 || start + length > data.length) continue;
    try {
      const record = BSON.deserialize(data.subarray(start, start + length));
      const id = (record.doc as Document | undefined)?._id ?? record.id;
      return {
        ...(typeof record.op === 'string' ? { op: record.op } : {}),
        ...(typeof record.db === 'string' ? { db: record.db } : {}),
        ...(typeof record.coll === 'string' ? { coll: record.coll } : {}),
        ...(id !== undefined ? { id } : {}),
      };
    } catch {
      // not parseable as a whole: look for the fields one by one below
    }
  }
  return scanFields(data.subarray(start, end));
}

/** Reads string fields `op`, `db`, `coll` and the first `_id` (or `id`) out of damaged BSON bytes. */
function scanFields(bytes: Buffer): Damage['readable'] {
  const found: NonNullable<Damage['readable']> = {};
  const text = (name: 'op' | 'db' | 'coll'): void => {
    const at = bytes.indexOf(Buffer.from(`\x02${name}\x00`, 'latin1'));
    if (at === -1) return;
    const from = at + name.length + 2;
    const length = from + 4 <= bytes.length ? bytes.readInt32LE(from) : 0;
    if (length > 0 && from + 4 + length <= bytes.length)
      found[name] = bytes.toString('utf8', from + 4, from + 3 + length);
  };
  text('op');
  text('db');
  text('coll');
  for (const name of ['_id', 'id']) {
    const at = bytes.indexOf(Buffer.from(`${name}\x00`, 'latin1'));
    if (at < 1 || found.id !== undefined) continue;
    const type = bytes[at - 1];
    const from = at + name.length + 1;
    try {
      if (type === 0x10 && from + 4 <= bytes.length) found.id = bytes.readInt32LE(from);
      else if (type === 0x12 && from + 8 <= bytes.length) found.id = bytes.readBigInt64LE(from);
      else if (type === 0x01 && from + 8 <= bytes.length) found.id = bytes.readDoubleLE(from);
      else if (type === 0x07 && from + 12 <= bytes.length)
        found.id = new ObjectId(bytes.subarray(from, from + 12));
      else if (type === 0x02 && from + 4 <= bytes.length) {
        const length = bytes.readInt32LE(from);
        if (length > 0 && from + 4 + length <= bytes.length)
          found.id = bytes.toString('utf8', from + 4, from + 3 + length);
      }
    } catch {
      // an unreadable _id: leave it out
    }
  }
  return Object.keys(found).length ? found : undefined;
}

function decodeV2(data: Buffer): DecodedLog {
  const records: Document[] = [];
  const damaged: Damage[] = [];
  let offset = 0;
  let validLength = 0;
  while (offset < data.length) {
    const attempt = readRecord(data, offset);
    if ('end' in attempt) {
      records.push(attempt.record);
      offset = attempt.end;
      validLength = offset;
      continue;
    }
    const next = nextIntact(data, offset + 1);
    const end = next === -1 ? data.length : next;
    const damage: Damage = { offset, end, reason: attempt.reason };
    const readable = readableDamage(data, offset, end);
    if (readable) damage.readable = readable;
    if (next === -1) return { format: 'v2', records, damaged, torn: damage, validLength };
    damaged.push(damage);
    offset = next;
  }
  return { format: 'v2', records, damaged, validLength };
}

function decodeLegacy(data: Buffer): DecodedLog {
  const records: Document[] = [];
  let offset = 0;
  const torn = (reason: string): DecodedLog => ({
    format: 'legacy',
    records,
    damaged: [],
    torn: { offset, end: data.length, reason },
    validLength: offset,
  });
  while (offset < data.length) {
    if (offset + LEGACY_HEADER > data.length) return torn('incomplete record header');
    const length = data.readUInt32LE(offset);
    if (length < 5 || length > MAX_RECORD) return torn(`bad record length ${length}`);
    const end = offset + LEGACY_HEADER + length;
    if (end > data.length) return torn('incomplete record');
    const payload = data.subarray(offset + LEGACY_HEADER, end);
    if (crc32(payload) !== data.readUInt32LE(offset + 4)) return torn('checksum mismatch');
    try {
      records.push(parsePayload(payload));
    } catch {
      return torn('unreadable record');
    }
    offset = end;
  }
  return { format: 'legacy', records, damaged: [], validLength: offset };
}

/** Reads every intact record of a journal or snapshot file's bytes, in either format. */
export function decodeRecords(data: Buffer): DecodedLog {
  if (!data.length) return { format: 'empty', records: [], damaged: [], validLength: 0 };
  // A v2 file always starts with the marker; a legacy one with a small little-endian length.
  if (data.length >= 4 && data.subarray(0, 4).equals(MAGIC)) return decodeV2(data);
  const legacy = decodeLegacy(data);
  // A v2 file whose first record's marker is damaged: resynchronise rather than misread it as legacy.
  if (legacy.records.length === 0 && nextIntact(data, 1) !== -1) return decodeV2(data);
  return legacy;
}
