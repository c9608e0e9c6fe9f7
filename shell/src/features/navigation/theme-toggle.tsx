import Button from 'antd/es/button';
import SunOutlined from '@ant-design/icons/es/icons/SunOutlined';
import MoonOutlined from '@ant-design/icons/es/icons/MoonOutlined';
import DesktopOutlined from '@ant-design/icons/es/icons/DesktopOutlined';
import { useTheme, type ThemePreference } from '@levelup/web-kit';

const order: ThemePreference[] = ['light', 'dark', 'system'];
const names: Record<ThemePreference, string> = { light: 'Light', dark: 'Dark', system: 'System' };
const icons = { light: <SunOutlined />, dark: <MoonOutlined />, system: <DesktopOutlined /> };

/** Cycles light, dark and system; the choice is remembered (web-kit ThemeProvider). */
export function ThemeToggle() {
  const { preference, setPreference } = useTheme();
  const next = order[(order.indexOf(preference) + 1) % order.length] ?? 'system';
  const label = `Theme: ${names[preference]}. Switch to ${names[next]}`;
  return (
    <Button
      type="text"
      shape="circle"
      aria-label={label}
      title={label}
      icon={icons[preference]}
      onClick={() => setPreference(next)}
    />
  );
}
