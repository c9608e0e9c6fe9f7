import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Skeleton from 'antd/es/skeleton';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EVENTS,
  CO_FOCUS_BONUS_RULE,
  XP_SOURCE_LABELS,
  relativeTime,
  type XpHistoryEntry,
} from '@levelup/contracts';
import { profileQueryKey, serverMessageOf, useToast } from '@levelup/web-kit';
import {
  UNDOABLE_QUERY_KEY,
  canUndo,
  undoCompletion,
  undoableQueryOptions,
} from '../api/undo-completion.ts';
import {
  XP_HISTORY_PAGE,
  XP_HISTORY_QUERY_KEY,
  xpHistoryQueryOptions,
} from '../api/xp-history-api.ts';

/** svc-identity applies the revoke from its event a moment after the call: read again then. */
const REFRESH_AFTER_UNDO_MS = [400, 1500];

const sourceLabels = XP_SOURCE_LABELS;

function reasonOf(entry: XpHistoryEntry): string {
  if (entry.source === 'co_focus')
    return entry.xpDelta < 0 ? 'completion undone' : 'quest completed in a body-doubling session';
  if (entry.type === EVENTS.questRevoked.type) return 'marked not done';
  if (entry.type === EVENTS.questPartial.type) return 'partly done';
  return 'completed';
}

/** 'Why this XP': each change on the user's XP ledger with its source. */
export function XpHistoryCard() {
  const [limit, setLimit] = useState(XP_HISTORY_PAGE);
  const history = useQuery({ ...xpHistoryQueryOptions(limit), placeholderData: keepPreviousData });
  // Undo is offered only where it still works: on a completion that is its item's standing one.
  const candidates = history.data?.entries.filter(canUndo).map((entry) => entry.id) ?? [];
  const undoable = useQuery({
    ...undoableQueryOptions(candidates),
    placeholderData: keepPreviousData,
  });
  const queryClient = useQueryClient();
  const toast = useToast();
  // Undo from the history: the same revoke as un-completing, exactly once per completion.
  const undo = useMutation({
    mutationFn: undoCompletion,
    onSuccess: (result) => {
      if (result.undone)
        toast.success({
          title: 'Completion undone',
          description: `${result.title}: ${Math.abs(result.xpDelta)} XP taken back.`,
        });
      else
        toast.info({
          title: 'Nothing to undo',
          description: `${result.title} was already undone.`,
        });
      void queryClient.invalidateQueries({ queryKey: [UNDOABLE_QUERY_KEY] });
      for (const delay of REFRESH_AFTER_UNDO_MS)
        setTimeout(() => {
          void queryClient.invalidateQueries({ queryKey: XP_HISTORY_QUERY_KEY });
          void queryClient.invalidateQueries({ queryKey: profileQueryKey });
        }, delay);
    },
    onError: (error) =>
      toast.error({
        title: 'Failed to update quest. Please try again.',
        description: serverMessageOf(error, '') || undefined,
      }),
  });
  const now = new Date();
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>XP History</h2>}>
      <p style={{ marginTop: 0, fontSize: 13 }}>{CO_FOCUS_BONUS_RULE}</p>
      {history.isPending ? (
        <div role="status" aria-label="Loading XP history">
          <Skeleton active paragraph={{ rows: 3 }} />
        </div>
      ) : history.isError ? (
        <Alert type="warning" showIcon role="alert" title="XP history could not be loaded." />
      ) : history.data.entries.length === 0 ? (
        <p style={{ margin: 0 }}>No XP yet. Complete a quest and it will show up here.</p>
      ) : (
        <>
          <ul style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 8 }}>
            {history.data.entries.map((entry) => (
              <li
                key={entry.id}
                style={{
                  display: 'flex',
                  justifyContent: 'space-between',
                  gap: 12,
                  flexWrap: 'wrap',
                }}
              >
                <span>
                  <strong>{entry.title ?? sourceLabels[entry.source]}</strong>{' '}
                  <span style={{ fontSize: 13 }}>
                    ({sourceLabels[entry.source]}, {reasonOf(entry)}, {relativeTime(entry.at, now)})
                  </span>
                </span>
                <span style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                  <strong style={{ color: entry.xpDelta < 0 ? '#b91c1c' : '#15803d' }}>
                    {entry.xpDelta < 0 ? `−${Math.abs(entry.xpDelta)}` : `+${entry.xpDelta}`} XP
                  </strong>
                  {undoable.data?.has(entry.id) && (
                    <Button
                      size="small"
                      aria-label={`Undo: ${entry.title ?? sourceLabels[entry.source]}`}
                      loading={undo.isPending && undo.variables === entry.id}
                      onClick={() => undo.mutate(entry.id)}
                    >
                      Undo
                    </Button>
                  )}
                </span>
              </li>
            ))}
          </ul>
          {history.data.total > history.data.entries.length && (
            <Button
              style={{ marginTop: 12 }}
              loading={history.isFetching}
              onClick={() => setLimit((n) => Math.min(n + XP_HISTORY_PAGE, 500))}
            >
              Show more
            </Button>
          )}
        </>
      )}
    </Card>
  );
}
