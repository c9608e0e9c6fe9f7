import { StrictMode, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { createQueryClient } from './api/query-client.ts';
import { ToastProvider } from './components/toast.tsx';
import { ThemeProvider } from './theme/theme-context.tsx';

/**
 * A remote's standalone development page (its bootstrap.tsx): the exposed routes inside the providers the
 * shell would give them. The exposed './routes' module itself stays provider-free.
 */
export function renderStandalone(
  Routes: ComponentType,
  container: Element | null = document.getElementById('root'),
): Root {
  if (!container) throw new Error('index.html has no #root element');
  const root = createRoot(container);
  root.render(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <ThemeProvider>
          <ToastProvider>
            <BrowserRouter>
              <Routes />
            </BrowserRouter>
          </ToastProvider>
        </ThemeProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
  return root;
}
