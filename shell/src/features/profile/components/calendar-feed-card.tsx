import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Input from 'antd/es/input';
import Popconfirm from 'antd/es/popconfirm';
import CalendarOutlined from '@ant-design/icons/es/icons/CalendarOutlined';
import CopyOutlined from '@ant-design/icons/es/icons/CopyOutlined';
import ReloadOutlined from '@ant-design/icons/es/icons/ReloadOutlined';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, CALENDAR_FEED_RANGE } from '@levelup/contracts';
import { call, queryKeyOf, queryOf } from '@levelup/web-kit';

/**
 * 'Calendar Feed': the user's secret iCalendar link for calendar apps, with Copy and Rotate. Rotating
 * makes a new link and the old one stops working at once.
 */
export function CalendarFeedCard() {
  const queryClient = useQueryClient();
  const key = queryKeyOf(API.getCalendarFeed);
  const state = useQuery(queryOf(API.getCalendarFeed));
  const rotate = useMutation({
    mutationFn: () => call(API.rotateCalendarFeed),
    onSuccess: (next) => {
      queryClient.setQueryData(key, next);
      setCopied(false);
    },
  });
  const [copied, setCopied] = useState(false);
  const [copyFailed, setCopyFailed] = useState(false);
  const feed = state.data?.feed ?? null;
  const url = feed ? `${window.location.origin}${feed.path}` : '';

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      setCopyFailed(false);
    } catch {
      setCopyFailed(true);
    }
  }

  return (
    <Card
      role="region"
      aria-labelledby="calendar-feed-title"
      title={
        <h2 id="calendar-feed-title" style={{ margin: 0, fontSize: 18 }}>
          Calendar Feed
        </h2>
      }
    >
      <p style={{ marginTop: 0 }}>
        Subscribe to this link in your calendar app (Google Calendar, Apple Calendar, Outlook) to
        see your scheduled quests, your recurring quests, the body-doubling sessions you host or
        joined and the meetups you are going to, from {CALENDAR_FEED_RANGE.daysBack} days back to{' '}
        {CALENDAR_FEED_RANGE.daysAhead} days ahead, in your time zone.
      </p>
      <p>
        <strong>Anyone with the link can read these events</strong>, without signing in: keep it to
        yourself. If it got out, Rotate makes a new link and the old one stops working at once.
      </p>
      {state.isPending && <p>Loading…</p>}
      {state.isError && (
        <Alert type="error" showIcon role="alert" title="Your calendar link could not be loaded." />
      )}
      {state.isSuccess && !feed && (
        <Button
          type="primary"
          icon={<CalendarOutlined aria-hidden="true" />}
          loading={rotate.isPending}
          onClick={() => rotate.mutate()}
        >
          Create calendar link
        </Button>
      )}
      {feed && (
        <>
          <Input
            readOnly
            aria-label="Calendar feed URL"
            value={url}
            onFocus={(event) => event.currentTarget.select()}
            style={{ fontFamily: 'monospace', marginBottom: 8 }}
          />
          <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
            <Button icon={<CopyOutlined aria-hidden="true" />} onClick={() => void copy()}>
              Copy
            </Button>
            <Popconfirm
              title="Rotate the calendar link?"
              description="Calendars subscribed to the old link stop updating until you give them the new one."
              okText="Rotate"
              cancelText="Cancel"
              onConfirm={() => rotate.mutate()}
            >
              <Button icon={<ReloadOutlined aria-hidden="true" />} loading={rotate.isPending}>
                Rotate
              </Button>
            </Popconfirm>
            <span role="status" aria-live="polite">
              {copied ? 'Copied' : copyFailed ? 'Could not copy: select the link and copy it.' : ''}
            </span>
          </div>
        </>
      )}
      {rotate.isError && (
        <Alert
          style={{ marginTop: 12 }}
          type="error"
          showIcon
          role="alert"
          title="A new link could not be made right now. Your link is unchanged; please try again."
        />
      )}
    </Card>
  );
}
