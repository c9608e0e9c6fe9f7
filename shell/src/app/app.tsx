import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import ConfigProvider from 'antd/es/config-provider';
import {
  antdTheme,
  createQueryClient,
  ThemeProvider,
  ToastProvider,
  useTheme,
} from '@levelup/web-kit';
import { FeedbackTab } from '../features/feedback/components/feedback-tab.tsx';
import { InstallPrompt } from '../features/install/install-prompt.tsx';
import { AppRoutes } from './app-routes.tsx';

function ThemedAntd({ children }: { children: React.ReactNode }) {
  const { resolved } = useTheme();
  return (
    <ConfigProvider theme={antdTheme(resolved)}>
      <ToastProvider>{children}</ToastProvider>
    </ConfigProvider>
  );
}

/** The page's one QueryClient, router, theme and antd root; remotes render inside them. */
export function App() {
  const [queryClient] = useState(() => createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <ThemedAntd>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
          <InstallPrompt />
          <FeedbackTab />
        </ThemedAntd>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
