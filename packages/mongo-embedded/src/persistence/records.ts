// On-disk record framing shared by the journal and snapshots:
//   [u32 payload length][u32 crc32 of payload][payload: one BSON document]
// A record that is short, fails its checksum or does not parse ends the readable log (a torn write).
import { crc32 } from 'node:zlib';
import { BSON } from 'bson';
import type { Document } from 'bson';
import {
  asStored,
  deserializeTyped,
  losesTypes,
  plainValue,
  storable,
} from '../storage/number-types.ts';

const FRAME_HEADER = 8;
const MAX_RECORD = 64 * 1024 * 1024;

export function encodeRecord(record: Document): Buffer {
  // A stored document is written with its number types (its typed twin), and read back with them.
  const doc = record.doc as Document | undefined;
  const payload = BSON.serialize(doc ? { ...record, doc: asStored(doc) } : record);
  const frame = Buffer.allocUnsafe(FRAME_HEADER + payload.length);
  frame.writeUInt32LE(payload.length, 0);
  frame.writeUInt32LE(crc32(payload), 4);
  frame.set(payload, FRAME_HEADER);
  return frame;
}

/** A record whose document keeps an int64 or integral double: stored plain, with its typed twin. */
function typedRecord(payload: Uint8Array): Document {
  const { doc, ...rest } = deserializeTyped(payload);
  const record = plainValue(rest) as Document;
  if (doc) record.doc = storable(doc as Document);
  return record;
}

export interface DecodedLog {
  records: Document[];
  /** Bytes of intact records; anything after is torn. */
  validLength: number;
  tornReason?: string;
}

export function decodeRecords(data: Buffer): DecodedLog {
  const records: Document[] = [];
  let offset = 0;
  while (offset < data.length) {
    if (offset + FRAME_HEADER > data.length)
      return { records, validLength: offset, tornReason: 'incomplete record header' };
    const length = data.readUInt32LE(offset);
    const checksum = data.readUInt32LE(offset + 4);
    if (length < 5 || length > MAX_RECORD)
      return { records, validLength: offset, tornReason: `bad record length ${length}` };
    const end = offset + FRAME_HEADER + length;
    if (end > data.length) return { records, validLength: offset, tornReason: 'incomplete record' };
    const payload = data.subarray(offset + FRAME_HEADER, end);
    if (crc32(payload) !== checksum)
      return { records, validLength: offset, tornReason: 'checksum mismatch' };
    try {
      records.push(losesTypes(payload) ? typedRecord(payload) : BSON.deserialize(payload));
    } catch {
      return { records, validLength: offset, tornReason: 'unreadable record' };
    }
    offset = end;
  }
  return { records, validLength: offset };
}
