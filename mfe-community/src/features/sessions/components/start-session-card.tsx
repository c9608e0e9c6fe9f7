import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Radio from 'antd/es/radio';
import {
  QUICK_SESSION_DURATIONS,
  quickSessionRequest,
  type QuickSessionDuration,
} from '@levelup/contracts';
import { serverMessageOf, useToast } from '@levelup/web-kit';
import { createSession, sessionAction, sessionsQueryKey } from '../api/sessions-api.ts';

/**
 * The sessions page with nothing on: 'Start a session' makes a focus session that starts now, 25 or 50
 * minutes long, and joins it (whoever starts one is in it), so it shows under Live Sessions with one
 * participant for others to join.
 */
export function StartSessionCard({ onCustomize }: { onCustomize: () => void }) {
  const [duration, setDuration] = useState<QuickSessionDuration>(QUICK_SESSION_DURATIONS[0]);
  const queryClient = useQueryClient();
  const toast = useToast();
  const create = useMutation({
    mutationFn: async (minutes: QuickSessionDuration) => {
      const session = await createSession(quickSessionRequest(new Date(), minutes));
      return sessionAction(session.id, 'join');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
  return (
    <Card style={{ textAlign: 'center', marginBottom: 24 }}>
      <h2 style={{ fontSize: 20, marginTop: 0 }}>No sessions yet</h2>
      <p>Start one now and others can join you. A short focus block is a good first step.</p>
      <div
        style={{
          display: 'flex',
          gap: 12,
          flexWrap: 'wrap',
          justifyContent: 'center',
          alignItems: 'center',
        }}
      >
        <Radio.Group
          aria-label="Session length"
          optionType="button"
          value={duration}
          onChange={(event) => setDuration(event.target.value as QuickSessionDuration)}
          options={QUICK_SESSION_DURATIONS.map((minutes) => ({
            value: minutes,
            label: `${minutes} min`,
          }))}
        />
        <Button
          type="primary"
          loading={create.isPending}
          onClick={() =>
            create.mutate(duration, {
              onSuccess: (session) =>
                toast.success({ title: 'Session started', description: session.title }),
              onError: (error) =>
                toast.error({
                  title: 'Could not start the session',
                  description: serverMessageOf(error, 'Please try again.'),
                }),
            })
          }
        >
          Start a session
        </Button>
        <Button onClick={onCustomize}>Plan one for later</Button>
      </div>
    </Card>
  );
}
