import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import {
  canLinkSeries,
  defaultLinkXp,
  linkableSeries,
  parseLinkXpInput,
  type Goal,
} from '@levelup/contracts';
import { goalSeriesQueryOptions } from '../api/get-goal-series.ts';
import { seriesChoicesQueryOptions } from '../api/get-series-choices.ts';
import { useLinkSeries } from '../hooks/use-goal-mutations.ts';

function LinkSeriesForm({ goal, onDone }: { goal: Goal; onDone: () => void }) {
  const choices = useQuery(seriesChoicesQueryOptions);
  const linked = useQuery(goalSeriesQueryOptions(goal.id));
  const [seriesId, setSeriesId] = useState<string | null>(null);
  const [xpInput, setXpInput] = useState<number | null>(defaultLinkXp(goal.targetXp));
  // An empty entry becomes 1 when sent; the field itself may stay empty while typing.
  const xp = parseLinkXpInput(xpInput);
  const link = useLinkSeries();
  if (choices.isPending || linked.isPending) return <p role="status">Loading series...</p>;
  if (choices.isError || linked.isError)
    return (
      <p role="alert">
        Failed to load recurring series.{' '}
        <Button
          type="link"
          style={{ padding: 0 }}
          onClick={() => void Promise.all([choices.refetch(), linked.refetch()])}
        >
          Retry
        </Button>
      </p>
    );
  const { choices: available, emptyText } = linkableSeries(
    choices.data,
    linked.data.map((l) => l.seriesId),
  );
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!seriesId || !canLinkSeries(seriesId, xp)) return;
        link.mutate({ goalId: goal.id, seriesId, xpPerOccurrence: xp }, { onSuccess: onDone });
      }}
    >
      <p style={{ marginTop: 0 }}>
        Each completed occurrence of the series adds XP to <strong>{goal.title}</strong>.
      </p>
      {emptyText ? (
        <p role="status">{emptyText}</p>
      ) : (
        <div style={{ display: 'grid', gap: 12 }}>
          <label style={{ display: 'grid', gap: 4 }}>
            <span>Recurring Series</span>
            <Select
              aria-label="Recurring Series"
              placeholder="Choose a recurring series"
              value={seriesId ?? undefined}
              onChange={setSeriesId}
              options={available.map((s) => ({ value: s.id, label: s.title }))}
            />
          </label>
          <label style={{ display: 'grid', gap: 4 }}>
            <span>XP per Occurrence</span>
            <InputNumber
              aria-label="XP per Occurrence"
              min={1}
              precision={0}
              value={xpInput}
              onChange={setXpInput}
              style={{ width: '100%' }}
            />
          </label>
        </div>
      )}
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 16 }}>
        <Button onClick={onDone}>Cancel</Button>
        <Button
          type="primary"
          htmlType="submit"
          disabled={!canLinkSeries(seriesId, xp) || link.isPending}
        >
          {link.isPending ? 'Linking...' : 'Link Series'}
        </Button>
      </div>
    </form>
  );
}

/**
 * Link Quest Series to Goal: already-linked series are excluded; XP per occurrence defaults to target / 10
 * (at least 1). Closing or linking resets the choice and the XP (the form unmounts).
 */
export function LinkSeriesDialog({ goal, onClose }: { goal: Goal | null; onClose: () => void }) {
  return (
    <Modal
      title="Link Quest Series to Goal"
      open={goal !== null}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      {goal && <LinkSeriesForm key={goal.id} goal={goal} onDone={onClose} />}
    </Modal>
  );
}
