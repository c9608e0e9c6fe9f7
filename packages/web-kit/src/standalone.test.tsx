import { act, screen } from '@testing-library/react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useToast } from './components/toast.tsx';
import { renderStandalone } from './standalone.tsx';
import { useTheme } from './theme/theme-context.tsx';

/** A remote's routes in miniature: each hook throws or fails outside the provider the shell would give. */
function SectionRoutes() {
  const queryClient = useQueryClient();
  useToast();
  const { resolved } = useTheme();
  const { pathname } = useLocation();
  return (
    <p>{`${pathname} ${resolved} stale after ${String(queryClient.getDefaultOptions().queries?.staleTime)} ms`}</p>
  );
}

describe('standalone remote page', () => {
  it("when a remote's routes render standalone, then they get the shell's providers (query client, theme, toasts, router)", async () => {
    const container = document.body.appendChild(document.createElement('div'));
    let root: ReturnType<typeof renderStandalone> | undefined;
    act(() => {
      root = renderStandalone(SectionRoutes, container);
    });
    expect(await screen.findByText('/ light stale after 300000 ms')).toBeInTheDocument();
    act(() => root?.unmount());
    container.remove();
  });

  it('when the page has no #root element, then it says so', () => {
    expect(() => renderStandalone(SectionRoutes)).toThrow('index.html has no #root element');
  });
});
