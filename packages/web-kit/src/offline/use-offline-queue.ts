import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useProfile } from '../auth/use-profile.ts';
import { offlineQueue, type OfflineQueue } from './offline-queue.ts';

/**
 * Whether the browser is online and how many check-offs of the signed-in user wait to be sent. With
 * `replay`, it also tells the queue who is signed in and sends their waiting calls when the connection
 * returns, at start and at each sign-in, then refreshes every read: the shell does this once for the
 * whole page.
 */
export function useOfflineQueue(options: { replay?: boolean; queue?: OfflineQueue } = {}): {
  online: boolean;
  pending: number;
} {
  const queue = options.queue ?? offlineQueue();
  const queryClient = useQueryClient();
  const [online, setOnline] = useState(() => navigator.onLine !== false);
  const [pending, setPending] = useState(() => queue.pending());
  const userId = useProfile().data?.id ?? null;

  useEffect(() => {
    const unsubscribe = queue.subscribe(setPending);
    // The page's replaying instance (the shell's) tells the queue who is signed in: what is queued
    // from now on is theirs, and only theirs is sent.
    const ready = options.replay ? queue.setOwner(userId) : queue.refresh();
    const replay = async () => {
      await ready;
      const result = await queue.replay();
      if (result.delivered > 0 || result.refused.length > 0) await queryClient.invalidateQueries();
    };
    const onOnline = () => {
      setOnline(true);
      if (options.replay) void replay();
    };
    const onOffline = () => setOnline(false);
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    if (options.replay && navigator.onLine !== false) void replay();
    return () => {
      unsubscribe();
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
    };
  }, [queue, queryClient, options.replay, userId]);

  return { online, pending };
}
