import { Types } from 'mongoose';

/** Ids that cannot be ObjectIds are simply unknown (404), never a cast error. */
export function objectId(id: string): Types.ObjectId | null {
  return /^[0-9a-fA-F]{24}$/.test(id) ? new Types.ObjectId(id) : null;
}
