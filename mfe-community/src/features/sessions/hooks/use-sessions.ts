import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serverMessageOf, useToast } from '@levelup/web-kit';
import {
  createSession,
  sessionAction,
  sessionsQueryKey,
  type SessionAction,
} from '../api/sessions-api.ts';

export function useCreateSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

const failures: Record<SessionAction, string> = {
  join: 'Could not join the session',
  leave: 'Could not leave the session',
  cancel: 'Could not cancel the session',
  remind: 'Could not set the reminder',
  unremind: 'Could not remove the reminder',
};

/** One session action; a refusal (full, cancelled) shows the server's reason and refreshes the list. */
export function useSessionAction() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: SessionAction }) =>
      sessionAction(id, action),
    onSuccess: (_session, { action }) => {
      if (action === 'remind')
        toast.success({ title: 'Reminder set', description: "We'll remind you before it starts." });
      return queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
    },
    onError: (error, { action }) => {
      toast.error({
        title: failures[action],
        description: serverMessageOf(error, 'Please try again.'),
      });
      return queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
    },
  });
}
