// Test helper: render a route with the providers the shell gives every page.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { createQueryClient } from '../api/query-client.ts';
import { ThemeProvider } from '../theme/theme-context.tsx';
import { ToastProvider } from '../components/toast.tsx';

export function renderWithProviders(
  ui: ReactElement,
  {
    route = '/',
    queryClient = createQueryClient({ onUnauthorized: () => {} }),
  }: { route?: string; queryClient?: QueryClient } = {},
) {
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <ToastProvider>
          <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
        </ToastProvider>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
