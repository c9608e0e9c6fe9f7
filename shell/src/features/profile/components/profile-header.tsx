import { useState } from 'react';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Tag from 'antd/es/tag';
import dayjs from 'dayjs';
import {
  initials,
  profileUpdateRequestSchema,
  type ProfileUpdateRequest,
  type UserProfile,
} from '@levelup/contracts';
import { serverMessageOf, useToast, XpBar, zodRule } from '@levelup/web-kit';
import { useUpdateProfile } from '../api/update-profile.ts';

type EditValues = Required<Pick<ProfileUpdateRequest, 'displayName' | 'username' | 'timeZone'>>;

/** Every IANA zone the browser knows, with the user's own first if the list lacks it. */
function timeZoneOptions(current: string): { value: string; label: string }[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  if (!zones.includes(current)) zones = [current, ...zones];
  if (!zones.includes('UTC')) zones = [...zones, 'UTC'];
  return zones.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
}

/**
 * The profile header (Profile screen): view mode with avatar, name, 'Member since',
 * level and founder badges, XP and 'Progress to Level N+1'; 'Edit Profile' turns it into an inline form
 * (Display Name, Username and the time zone that decides the user's days).
 */
export function ProfileHeader({ profile }: { profile: UserProfile }) {
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm<EditValues>();
  const update = useUpdateProfile();
  const toast = useToast();
  const shape = profileUpdateRequestSchema.shape;
  const current: EditValues = {
    displayName: profile.displayName,
    username: profile.username,
    timeZone: profile.timeZone,
  };

  const cancel = () => {
    form.setFieldsValue(current);
    update.reset();
    setEditing(false);
  };
  const save = (values: EditValues) => {
    update.mutate(values, {
      onSuccess: () => {
        toast.success({
          title: 'Profile Updated!',
          description: 'Your profile has been updated successfully.',
        });
        setEditing(false);
      },
      // Edit mode stays open.
      onError: (error) =>
        toast.error({
          title: 'Error',
          description: serverMessageOf(error, 'Failed to update profile. Please try again.'),
        }),
    });
  };

  return (
    <Card>
      <div style={{ display: 'flex', gap: 24, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Avatar size={80} style={{ background: '#6d28d9', fontSize: 32 }} aria-hidden="true">
          {profile.initials || initials(profile.displayName)}
        </Avatar>
        {editing ? (
          <Form<EditValues>
            form={form}
            layout="vertical"
            name="edit-profile"
            initialValues={current}
            onFinish={save}
            requiredMark={false}
            style={{ flex: '1 1 280px', maxWidth: 480 }}
          >
            <h1 style={{ marginTop: 0, fontSize: 24 }}>Edit Profile</h1>
            <Form.Item label="Display Name" name="displayName" rules={[zodRule(shape.displayName)]}>
              <Input autoComplete="nickname" maxLength={60} />
            </Form.Item>
            <Form.Item label="Username" name="username" rules={[zodRule(shape.username)]}>
              <Input autoComplete="username" maxLength={40} />
            </Form.Item>
            <Form.Item
              label="Time zone"
              name="timeZone"
              extra="Your days, streaks and due dates follow this zone."
            >
              <Select
                showSearch
                options={timeZoneOptions(profile.timeZone)}
                aria-label="Time zone"
                optionFilterProp="label"
              />
            </Form.Item>
            <div style={{ display: 'flex', gap: 8 }}>
              <Button type="primary" htmlType="submit" disabled={update.isPending}>
                {update.isPending ? 'Saving...' : 'Save'}
              </Button>
              <Button onClick={cancel} disabled={update.isPending}>
                Cancel
              </Button>
            </div>
          </Form>
        ) : (
          <div style={{ display: 'grid', gap: 8, flex: '1 1 280px' }}>
            <h1 style={{ margin: 0, fontSize: 28 }}>{profile.displayName}</h1>
            <span style={{ opacity: 0.8 }}>@{profile.username}</span>
            <span>Member since {dayjs(profile.joinedAt).format('MM/DD/YYYY')}</span>
            <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
              <Tag color="purple">Level {profile.level}</Tag>
              {profile.isFounder && profile.userNumber !== null && (
                <Tag color="gold">Founder #{profile.userNumber}</Tag>
              )}
              <Tag>{profile.xp} XP</Tag>
            </div>
          </div>
        )}
        {!editing && (
          <Button
            onClick={() => {
              form.setFieldsValue(current);
              setEditing(true);
            }}
          >
            Edit Profile
          </Button>
        )}
      </div>
      <div style={{ marginTop: 24 }}>
        <XpBar totalXp={profile.xp} compact />
      </div>
    </Card>
  );
}
