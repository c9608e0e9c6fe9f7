import theme from 'antd/es/theme';
import type { ThemeConfig } from 'antd/es/config-provider';
import type { ResolvedTheme } from './theme-context.tsx';

/** The antd theme of the product; the shell passes it to its one root ConfigProvider. */
export function antdTheme(resolved: ResolvedTheme): ThemeConfig {
  return {
    algorithm: resolved === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      colorPrimary: '#7c3aed',
      colorInfo: '#7c3aed',
      borderRadius: 8,
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    },
  };
}
