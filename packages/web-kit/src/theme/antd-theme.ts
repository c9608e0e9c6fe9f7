import theme from 'antd/es/theme';
import type { ThemeConfig } from 'antd/es/config-provider';
import type { ResolvedTheme } from './theme-context.tsx';

/**
 * Light-mode colours darker than antd's defaults where those miss WCAG AA contrast (4.5:1) on our
 * backgrounds, found with axe: secondary text (statistic titles), the text of gold and green tags
 * (founder badge, easy difficulty) and the white initials on the default avatar.
 */
const accessibleLight = {
  colorTextDescription: 'rgba(0, 0, 0, 0.65)',
  // Both spellings: preset tags read the CSS variable made from the hyphenated palette key.
  gold7: '#874d00',
  'gold-7': '#874d00',
  green7: '#237804',
  'green-7': '#237804',
};

/**
 * On dark backgrounds the brand purple is too dark for text: purple tags and the selected tab use a
 * lighter violet there; filled buttons keep the brand colour with white text. (Our own elements use
 * --lu-accent, the text accent the shell's layout CSS sets per theme.)
 */
const accessibleDark = {
  purple7: '#d3adf7',
  'purple-7': '#d3adf7',
};
const darkTabs = {
  itemSelectedColor: '#b794f6',
  itemHoverColor: '#c4a7f7',
  inkBarColor: '#b794f6',
};

/** The antd theme of the product; the shell passes it to its one root ConfigProvider. */
export function antdTheme(resolved: ResolvedTheme): ThemeConfig {
  return {
    algorithm: resolved === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      colorPrimary: '#7c3aed',
      colorInfo: '#7c3aed',
      borderRadius: 8,
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
      ...(resolved === 'dark' ? accessibleDark : accessibleLight),
    },
    components: {
      Avatar: { colorTextPlaceholder: '#6d28d9' },
      // A select's placeholder ("All categories") is text people read: antd's is too faint (1.6:1).
      Select: {
        colorTextPlaceholder:
          resolved === 'dark' ? 'rgba(255, 255, 255, 0.6)' : 'rgba(0, 0, 0, 0.6)',
      },
      ...(resolved === 'dark' ? { Tabs: darkTabs } : {}),
    },
  };
}
