import { useOfflineQueue } from '@levelup/web-kit';

/**
 * 'offline, N changes waiting' in the header: shown while offline or while check-offs made
 * offline wait to be sent; the shell replays them when the connection returns.
 */
export function OfflineStatus() {
  const { online, pending } = useOfflineQueue({ replay: true });
  if (online && pending === 0) return null;
  const waiting = `${pending} ${pending === 1 ? 'change' : 'changes'} waiting`;
  return (
    <span
      role="status"
      style={{
        padding: '2px 10px',
        borderRadius: 999,
        fontSize: 13,
        fontWeight: 600,
        background: online ? '#dbeafe' : '#fef3c7',
        color: online ? '#1e3a8a' : '#78350f',
        whiteSpace: 'nowrap',
      }}
    >
      {online ? `Syncing, ${waiting}` : `offline, ${waiting}`}
    </span>
  );
}
