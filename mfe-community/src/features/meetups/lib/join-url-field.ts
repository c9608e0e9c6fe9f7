import { z } from 'zod';
import { meetupJoinUrlSchema } from '@levelup/contracts';

/** The meeting-link box: left empty it means no link (null); otherwise the contract's rule. */
export const joinUrlFieldSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  meetupJoinUrlSchema.nullable(),
);

/** What the box sends: the trimmed link, or null when empty. */
export function joinUrlOf(value: string | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}
