import type { ComponentType } from 'react';
import BulbOutlined from '@ant-design/icons/es/icons/BulbOutlined';
import DollarOutlined from '@ant-design/icons/es/icons/DollarOutlined';
import HeartOutlined from '@ant-design/icons/es/icons/HeartOutlined';
import ReadOutlined from '@ant-design/icons/es/icons/ReadOutlined';
import SolutionOutlined from '@ant-design/icons/es/icons/SolutionOutlined';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import { goalTint, type GoalTheme } from '@levelup/contracts';

const THEME_ICONS: Record<GoalTheme, ComponentType<{ 'aria-hidden'?: boolean }>> = {
  learning: ReadOutlined,
  health: HeartOutlined,
  financial: DollarOutlined,
  personal: UserOutlined,
  career: SolutionOutlined,
  creative: BulbOutlined,
};

/** Section 3, Colours: the tint of each colour the card knows (unknown ones are blue, goalTint). */
const TINTS: Record<string, string> = {
  blue: '#2563eb',
  green: '#16a34a',
  purple: '#9333ea',
  orange: '#ea580c',
  red: '#dc2626',
  yellow: '#ca8a04',
  teal: '#0d9488',
  indigo: '#4f46e5',
  pink: '#db2777',
  gray: '#6b7280',
  emerald: '#059669',
  slate: '#475569',
  amber: '#d97706',
  violet: '#7c3aed',
};

export const titleCase = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The theme icon on a colour-tinted tile (decorative: the card names its goal). */
export function ThemeTile({ theme, color }: { theme: GoalTheme; color: string | null }) {
  const Icon = THEME_ICONS[theme];
  const tint = TINTS[goalTint(color)] ?? '#2563eb';
  return (
    <span
      className="lu-goal-tile"
      style={{ background: `${tint}26`, color: tint }}
      aria-hidden="true"
    >
      <Icon aria-hidden />
    </span>
  );
}
