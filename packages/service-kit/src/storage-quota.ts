import { quotaReachedMessage, type StorageQuota } from '@levelup/contracts';
import { AppError } from './errors.ts';

/** The refusal past a quota: 409 QUOTA_REACHED, the message naming the limit, the numbers in details. */
export function quotaReached(quota: StorageQuota, kept: number): AppError {
  return new AppError('QUOTA_REACHED', quotaReachedMessage(quota), 409, {
    details: { max: quota.max, kept },
  });
}

/**
 * Refuses (quotaReached) when a member who keeps `kept` items would pass the quota by adding `adding`
 * more; call it with the count of their items before writing, so a refusal writes nothing.
 */
export async function withinQuota(
  quota: StorageQuota,
  kept: number | Promise<number>,
  adding = 1,
): Promise<void> {
  const count = await kept;
  if (count + adding > quota.max) throw quotaReached(quota, count);
}
