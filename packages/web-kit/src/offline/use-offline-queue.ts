import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { offlineQueue, type OfflineQueue } from './offline-queue.ts';

/**
 * Whether the browser is online and how many check-offs wait to be sent. With `replay`, it also sends the
 * waiting calls when the connection returns (and at start), then refreshes every read: the shell does
 * this once for the whole page.
 */
export function useOfflineQueue(options: { replay?: boolean; queue?: OfflineQueue } = {}): {
  online: boolean;
  pending: number;
} {
  const queue = options.queue ?? offlineQueue();
  const queryClient = useQueryClient();
  const [online, setOnline] = useState(() => navigator.onLine !== false);
  const [pending, setPending] = useState(() => queue.pending());

  useEffect(() => {
    const unsubscribe = queue.subscribe(setPending);
    void queue.refresh();
    const replay = async () => {
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
  }, [queue, queryClient, options.replay]);

  return { online, pending };
}
