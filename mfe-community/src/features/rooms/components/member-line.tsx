import { useState } from 'react';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import Tag from 'antd/es/tag';
import { CHECK_OUT_OUTCOME_LABELS, HIDDEN_ROOM_QUEST, type RoomMember } from '@levelup/contracts';

const outcomeColors = { done: 'green', partly: 'gold', not_this_time: 'default' } as const;

export interface MemberActions {
  onRemove?: (member: RoomMember) => void;
  onReport: (member: RoomMember, reason: string) => void;
  onMute: (member: RoomMember) => void;
}

/**
 * One member's line: who, whether they are in the room right now, what they said they would work on and
 * how it went; on someone else's line, report and mute (and remove, for the host).
 */
export function MemberLine({
  member,
  actions,
}: {
  member: RoomMember;
  actions: MemberActions | null;
}) {
  const [reporting, setReporting] = useState(false);
  const [reason, setReason] = useState('');
  const name = member.isMe ? `${member.displayName} (you)` : member.displayName;
  return (
    <li
      aria-label={name}
      style={{
        display: 'flex',
        gap: 12,
        alignItems: 'flex-start',
        padding: '12px 0',
        borderBottom: '1px solid rgba(128, 128, 128, 0.25)',
        opacity: member.present ? 1 : 0.7,
      }}
    >
      <Avatar aria-hidden="true" style={{ flex: 'none' }}>
        {member.initials}
      </Avatar>
      <div style={{ flex: 1, minWidth: 0 }}>
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
          <strong>{name}</strong>
          {member.isHost && <Tag color="purple">Host</Tag>}
          {member.checkOut && (
            <Tag color={outcomeColors[member.checkOut.outcome]}>
              {CHECK_OUT_OUTCOME_LABELS[member.checkOut.outcome]}
            </Tag>
          )}
        </div>
        {member.muted ? (
          <p style={{ margin: '4px 0 0', fontStyle: 'italic' }}>You muted this member.</p>
        ) : member.checkIn ? (
          <p style={{ margin: '4px 0 0', overflowWrap: 'anywhere' }}>
            <span>Working on: {member.checkIn.line}</span>
            {member.checkIn.questTitle ? (
              <span style={{ display: 'block', fontSize: 13 }}>
                Quest: {member.checkIn.questTitle}
              </span>
            ) : (
              member.checkIn.questHidden && (
                <span style={{ display: 'block', fontSize: 13, fontStyle: 'italic' }}>
                  Quest: {HIDDEN_ROOM_QUEST}
                </span>
              )
            )}
          </p>
        ) : (
          <p style={{ margin: '4px 0 0', fontSize: 13 }}>Not checked in yet</p>
        )}
        {actions && (
          <div style={{ display: 'flex', gap: 4, flexWrap: 'wrap', marginTop: 4 }}>
            {!member.muted && (
              <Button
                size="small"
                type="text"
                aria-label={`Mute ${member.displayName}`}
                onClick={() => actions.onMute(member)}
              >
                Mute
              </Button>
            )}
            <Button
              size="small"
              type="text"
              aria-label={`Report ${member.displayName}`}
              onClick={() => setReporting(true)}
            >
              Report
            </Button>
            {actions.onRemove && (
              <Popconfirm
                title={`Remove ${member.displayName} from this session?`}
                description="They can't rejoin it."
                okText="Remove"
                okButtonProps={{ danger: true }}
                cancelText="Keep"
                onConfirm={() => actions.onRemove?.(member)}
              >
                {/* Plain text like Mute and Report: antd's red text is under 4.5:1 in both themes;
                    the confirmation's Remove carries the warning colour. */}
                <Button size="small" type="text" aria-label={`Remove ${member.displayName}`}>
                  Remove
                </Button>
              </Popconfirm>
            )}
          </div>
        )}
      </div>
      {actions && (
        <Modal
          title={`Report ${member.displayName}`}
          open={reporting}
          okText="Report"
          onOk={() => {
            actions.onReport(member, reason.trim());
            setReporting(false);
            setReason('');
          }}
          onCancel={() => setReporting(false)}
          destroyOnHidden
        >
          <p>The moderators will look at it. Tell them what happened (optional).</p>
          <Input.TextArea
            aria-label="Reason"
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </Modal>
      )}
    </li>
  );
}
