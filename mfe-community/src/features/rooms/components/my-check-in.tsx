import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Checkbox from 'antd/es/checkbox';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import {
  API,
  CHECK_OUT_OUTCOMES,
  CHECK_OUT_OUTCOME_LABELS,
  CO_FOCUS_BONUS_XP,
  ROOM_CHECK_IN_MAX,
  checkInRequestSchema,
  type CheckOutOutcome,
  type RoomMember,
} from '@levelup/contracts';
import {
  call,
  profileQueryKey,
  queryKeyOf,
  queryOf,
  readsOf,
  serverMessageOf,
  useToast,
} from '@levelup/web-kit';
import { checkIn, checkOut, completeOccurrence, completeQuest } from '../api/room-api.ts';

/** Something of the member's to link to a check-in: an open one-time quest or today's open routine. */
interface CheckInChoice {
  id: string;
  title: string;
  kind: 'quest' | 'occurrence';
}

/**
 * What a check-in can link: the member's open one-time quests and today's occurrences of their routines
 * not yet done or skipped (a routine hidden from the dashboard is still today's to do).
 */
function useCheckInChoices() {
  const quests = useQuery({
    ...queryOf(API.listQuests),
    select: (list) =>
      list
        .filter((quest) => !quest.isCompleted)
        .map((quest): CheckInChoice => ({ id: quest.id, title: quest.title, kind: 'quest' })),
  });
  const routines = useQuery({
    queryKey: [...queryKeyOf(API.listOccurrences), 'today'],
    queryFn: () => call(API.listOccurrences),
    select: (list) =>
      list
        .filter((occurrence) => !occurrence.isCompleted && !occurrence.skipped)
        .map((occurrence): CheckInChoice => ({
          id: occurrence.id,
          title: occurrence.title,
          kind: 'occurrence',
        })),
  });
  return {
    isPending: quests.isPending || routines.isPending,
    quests: quests.data ?? [],
    routines: routines.data ?? [],
    find: (id: string | null) =>
      [...(quests.data ?? []), ...(routines.data ?? [])].find((choice) => choice.id === id),
  };
}

/** The choices as the select's two groups; a group with nothing in it is left out. */
function choiceOptions({
  quests,
  routines,
}: {
  quests: CheckInChoice[];
  routines: CheckInChoice[];
}) {
  const toOption = (choice: CheckInChoice) => ({ value: choice.id, label: choice.title });
  return [
    { label: 'Quests', options: quests.map(toOption) },
    { label: "Today's routines", options: routines.map(toOption) },
  ].filter((group) => group.options.length > 0);
}

interface PartProps {
  sessionId: string;
  me: RoomMember;
  /** The room changed by this member's own call: read it again (the stream brings it too). */
  onChanged: () => void;
}

function CheckInForm({ sessionId, me, onChanged }: PartProps) {
  const [line, setLine] = useState(me.checkIn?.line ?? '');
  const [questId, setQuestId] = useState<string | null>(me.checkIn?.questId ?? null);
  const [error, setError] = useState<string | null>(null);
  const choices = useCheckInChoices();
  const toast = useToast();
  const save = useMutation({
    mutationFn: () => {
      const quest = choices.find(questId);
      return checkIn(sessionId, {
        line,
        questId: quest?.id ?? null,
        questTitle: quest?.title ?? null,
      });
    },
    onSuccess: onChanged,
    onError: (failure) =>
      toast.error({
        title: 'Could not check in',
        description: serverMessageOf(failure, 'Please try again.'),
      }),
  });
  return (
    <form
      aria-label="Check in"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = checkInRequestSchema.shape.line.safeParse(line);
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message ?? 'Say what you will work on');
          return;
        }
        setError(null);
        save.mutate();
      }}
      style={{ display: 'grid', gap: 12 }}
    >
      <label style={{ display: 'grid', gap: 4 }}>
        <span>What I&apos;ll work on</span>
        <Input
          value={line}
          maxLength={ROOM_CHECK_IN_MAX}
          placeholder="Reply to three emails"
          status={error ? 'error' : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'check-in-error' : undefined}
          onChange={(event) => setLine(event.target.value)}
        />
      </label>
      {error && (
        <span id="check-in-error" role="alert" style={{ color: '#dc2626' }}>
          {error}
        </span>
      )}
      <div style={{ display: 'grid', gap: 4 }}>
        <span id="check-in-quest">One of my quests (optional)</span>
        <Select
          aria-labelledby="check-in-quest"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={choices.isPending}
          value={questId ?? undefined}
          onChange={(value?: string) => setQuestId(value ?? null)}
          options={choiceOptions(choices)}
          notFoundContent="No open quests"
        />
      </div>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        Check in
      </Button>
    </form>
  );
}

function CheckOutForm({ sessionId, me, onChanged }: PartProps) {
  const [outcome, setOutcome] = useState<CheckOutOutcome | null>(null);
  const [completeLinked, setCompleteLinked] = useState(true);
  const linked = me.checkIn?.questId ?? null;
  // A quest or routine already completed elsewhere is no longer open: nothing to complete here.
  const linkedOpen = useCheckInChoices().find(linked);
  const queryClient = useQueryClient();
  const toast = useToast();
  const done = useMutation({
    mutationFn: async (chosen: CheckOutOutcome) => {
      await checkOut(sessionId, { outcome: chosen });
      if (!linkedOpen || !completeLinked || chosen === 'not_this_time') return null;
      return linkedOpen.kind === 'occurrence'
        ? completeOccurrence(linkedOpen.id)
        : completeQuest(linkedOpen.id);
    },
    onSuccess: (completed) => {
      onChanged();
      if (completed) {
        toast.success({
          title: 'Quest Completed!',
          description: `You earned ${completed.xpDelta} XP!`,
        });
        void queryClient.invalidateQueries({ predicate: readsOf(API.listQuests) });
        void queryClient.invalidateQueries({ predicate: readsOf(API.listOccurrences) });
        void queryClient.invalidateQueries({ queryKey: profileQueryKey });
        void queryClient.invalidateQueries({ predicate: readsOf(API.xpHistory) });
      } else
        toast.success({ title: 'Checked out', description: 'Thanks for working alongside us.' });
    },
    onError: (failure) =>
      toast.error({
        title: 'Could not check out',
        description: serverMessageOf(failure, 'Please try again.'),
      }),
  });
  return (
    <form
      aria-label="Check out"
      onSubmit={(event) => {
        event.preventDefault();
        if (outcome) done.mutate(outcome);
      }}
      style={{ display: 'grid', gap: 12 }}
    >
      <div style={{ display: 'grid', gap: 4 }}>
        <span id="check-out-outcome">How did it go?</span>
        <Radio.Group
          aria-labelledby="check-out-outcome"
          optionType="button"
          value={outcome}
          onChange={(event) => setOutcome(event.target.value as CheckOutOutcome)}
          options={CHECK_OUT_OUTCOMES.map((value) => ({
            value,
            label: CHECK_OUT_OUTCOME_LABELS[value],
          }))}
        />
      </div>
      {linkedOpen && outcome !== 'not_this_time' && (
        <Checkbox
          checked={completeLinked}
          onChange={(event) => setCompleteLinked(event.target.checked)}
        >
          Complete the linked quest: {me.checkIn?.questTitle}{' '}
          <span style={{ fontSize: 13 }}>(co-focus bonus +{CO_FOCUS_BONUS_XP} XP)</span>
        </Checkbox>
      )}
      <Button htmlType="submit" type="primary" disabled={!outcome} loading={done.isPending}>
        Check out
      </Button>
    </form>
  );
}

/**
 * This member's part: check in (what I'll work on, optionally one of my quests), then check out (how it
 * went), completing the linked quest with the usual completion call.
 */
export function MyCheckIn({ sessionId, me, onChanged }: PartProps) {
  const [editing, setEditing] = useState(false);
  const checkedIn = me.checkIn !== null && !editing;
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>Your check-in</h2>}>
      {!checkedIn ? (
        <CheckInForm
          key={me.checkIn?.at ?? 'new'}
          sessionId={sessionId}
          me={me}
          onChanged={() => {
            setEditing(false);
            onChanged();
          }}
        />
      ) : (
        <div style={{ display: 'grid', gap: 16 }}>
          <div>
            <p style={{ margin: 0, overflowWrap: 'anywhere' }}>
              <strong>Working on:</strong> {me.checkIn?.line}
            </p>
            {me.checkIn?.questTitle && (
              <p style={{ margin: '4px 0 0' }}>Quest: {me.checkIn.questTitle}</p>
            )}
            {!me.checkOut && (
              <Button size="small" style={{ marginTop: 8 }} onClick={() => setEditing(true)}>
                Change my check-in
              </Button>
            )}
          </div>
          {me.checkOut ? (
            <p style={{ margin: 0 }} role="status">
              You checked out: {CHECK_OUT_OUTCOME_LABELS[me.checkOut.outcome]}. Nice work showing
              up.
            </p>
          ) : (
            <CheckOutForm sessionId={sessionId} me={me} onChanged={onChanged} />
          )}
        </div>
      )}
    </Card>
  );
}
