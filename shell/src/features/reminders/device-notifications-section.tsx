import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import BellOutlined from '@ant-design/icons/es/icons/BellOutlined';
import { serverMessageOf } from '@levelup/web-kit';
import type { PushState } from './push-subscription.ts';
import { usePushDevice } from './use-push-device.ts';

const pushText: Record<PushState, string> = {
  unsupported:
    'This browser cannot show notifications from Level Up. Your reminders still appear under Your Reminders.',
  denied:
    'Notifications are blocked for this site in your browser settings. Your reminders still appear under Your Reminders.',
  off: 'Notifications are off on this device. Your reminders appear under Your Reminders.',
  on: 'Notifications are on for this device.',
};

/** Whether this device shows notifications, the button turning them on or off, and why it failed. */
export function DeviceNotificationsSection() {
  const { push, device } = usePushDevice();
  return (
    <section aria-label="Notifications on this device" style={{ display: 'grid', gap: 8 }}>
      <p style={{ margin: 0 }} role="status">
        {push ? pushText[push] : 'Checking notifications on this device…'}
      </p>
      {(push === 'off' || push === 'on') && (
        <div>
          <Button
            type={push === 'off' ? 'primary' : 'default'}
            icon={<BellOutlined aria-hidden="true" />}
            loading={device.isPending}
            onClick={() => device.mutate(push === 'off')}
          >
            {push === 'off' ? 'Turn on notifications' : 'Turn off notifications'}
          </Button>
        </div>
      )}
      {device.isError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title="Notifications could not be turned on"
          description={serverMessageOf(
            device.error,
            device.error instanceof Error ? device.error.message : 'Please try again.',
          )}
        />
      )}
    </section>
  );
}
