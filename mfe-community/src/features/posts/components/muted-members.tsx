import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import { mutesQueryOptions } from '../api/posts-api.ts';
import { usePostActions } from '../hooks/use-post-actions.ts';

/** Members the reader muted, each with Unmute; nothing when there are none. */
export function MutedMembers() {
  const mutes = useQuery(mutesQueryOptions);
  const { unmuteMember } = usePostActions();
  if (!mutes.data?.length) return null;
  return (
    <section aria-labelledby="muted-members" style={{ marginTop: 16 }}>
      <h2 id="muted-members" style={{ fontSize: 16 }}>
        Muted members
      </h2>
      <ul style={{ listStyle: 'none', padding: 0, display: 'grid', gap: 4 }}>
        {mutes.data.map((member) => (
          <li key={member.userId}>
            {member.displayName ?? 'Anonymous User'}{' '}
            <Button size="small" onClick={() => unmuteMember.mutate(member.userId)}>
              Unmute
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
