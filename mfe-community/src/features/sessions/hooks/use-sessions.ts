import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { QuickMatchFocusMinutes } from '@levelup/contracts';
import { serverMessageOf, useToast } from '@levelup/web-kit';
import {
  createSession,
  quickMatch,
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

/** The room of a session, where Join Now and Start now lead. */
export const roomPath = (id: string) => `/sessions/${encodeURIComponent(id)}`;

/** Start now: into the next open live session's room, or a new one's. */
export function useQuickMatch() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  return useMutation({
    mutationFn: (focusMinutes: QuickMatchFocusMinutes) => quickMatch(focusMinutes),
    onSuccess: ({ session }) => {
      void queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
      void navigate(roomPath(session.id));
    },
    onError: (error) =>
      toast.error({
        title: 'Could not start a session',
        description: serverMessageOf(error, 'Please try again.'),
      }),
  });
}

/**
 * One session action; a refusal (full, cancelled) shows the server's reason and refreshes the list.
 * Joining leads into the session's room.
 */
export function useSessionAction() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: SessionAction }) =>
      sessionAction(id, action),
    onSuccess: (session, { action }) => {
      if (action === 'join') void navigate(roomPath(session.id));
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
