// A stored document's BSON, serialised once. Stored documents are never changed in place (an update
// builds the next version; see applyUpdate), so the bytes of a document object stay true for its life
// and the comparisons, size checks and reply batches of a write or a find need not serialise it again.
import { BSON } from 'bson';
import type { Document } from 'bson';

const serialised = new WeakMap<Document, Uint8Array>();

export function bsonOf(doc: Document): Uint8Array {
  let bytes = serialised.get(doc);
  if (!bytes) {
    bytes = BSON.serialize(doc);
    serialised.set(doc, bytes);
  }
  return bytes;
}
