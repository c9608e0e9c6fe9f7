import { createContext, useContext, useEffect, type ReactNode } from 'react';
import notification from 'antd/es/notification';
import { onRateLimited } from '../api/http-error.ts';

type ToastApi = ReturnType<typeof notification.useNotification>[0];

const ToastContext = createContext<ToastApi | null>(null);

/**
 * The page's one toast outlet (the shell renders it inside its ConfigProvider, so toasts follow the theme).
 * Lighter than antd's App, which would also bring Modal and message into every first load. Only one toast
 * is visible at a time, at the bottom right: at the top it covered the header's Logout and the XP figure
 * just as a completion moved it.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [api, holder] = notification.useNotification({ maxCount: 1, placement: 'bottomRight' });
  // A call refused for coming too often, anywhere on the page: the server's message says when to retry.
  useEffect(
    () => onRateLimited((message) => api.error({ title: 'Slow down', description: message })),
    [api],
  );
  return (
    <ToastContext.Provider value={api}>
      {holder}
      {children}
    </ToastContext.Provider>
  );
}

/** Success and error toasts: toast.success({ title, description }). */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside ToastProvider');
  return api;
}
