import { useEffect, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { disablePush, enablePush, pushState, type PushState } from './push-subscription.ts';

/**
 * Notifications on this device: their state (null while it is read; a failed read counts as
 * unsupported) and the call that turns them on or off, the browser asking for permission then.
 */
export function usePushDevice() {
  const [push, setPush] = useState<PushState | null>(null);
  useEffect(() => {
    let live = true;
    void pushState()
      .catch((): PushState => 'unsupported')
      .then((state) => live && setPush(state));
    return () => {
      live = false;
    };
  }, []);

  const device = useMutation({
    mutationFn: (on: boolean) => (on ? enablePush() : disablePush()),
    onSuccess: setPush,
  });
  return { push, device };
}
