import type { ComponentType } from 'react';
import AimOutlined from '@ant-design/icons/es/icons/AimOutlined';
import BulbOutlined from '@ant-design/icons/es/icons/BulbOutlined';
import CrownOutlined from '@ant-design/icons/es/icons/CrownOutlined';
import EyeOutlined from '@ant-design/icons/es/icons/EyeOutlined';
import FireOutlined from '@ant-design/icons/es/icons/FireOutlined';
import HeartOutlined from '@ant-design/icons/es/icons/HeartOutlined';
import HomeOutlined from '@ant-design/icons/es/icons/HomeOutlined';
import InboxOutlined from '@ant-design/icons/es/icons/InboxOutlined';
import MoonOutlined from '@ant-design/icons/es/icons/MoonOutlined';
import SafetyOutlined from '@ant-design/icons/es/icons/SafetyOutlined';
import SettingOutlined from '@ant-design/icons/es/icons/SettingOutlined';
import StarOutlined from '@ant-design/icons/es/icons/StarOutlined';
import SunOutlined from '@ant-design/icons/es/icons/SunOutlined';
import ThunderboltOutlined from '@ant-design/icons/es/icons/ThunderboltOutlined';

// The seeded nodes name lucide-style icons; the closest antd icon stands in, a star for the rest.
const ICONS: Record<string, ComponentType<{ 'aria-hidden'?: boolean }>> = {
  brain: BulbOutlined,
  target: AimOutlined,
  heart: HeartOutlined,
  eye: EyeOutlined,
  sun: SunOutlined,
  moon: MoonOutlined,
  crown: CrownOutlined,
  dumbbell: FireOutlined,
  activity: FireOutlined,
  zap: ThunderboltOutlined,
  home: HomeOutlined,
  settings: SettingOutlined,
  archive: InboxOutlined,
  shield: SafetyOutlined,
};

export function TalentIcon({ name }: { name: string }) {
  const Icon = ICONS[name] ?? StarOutlined;
  return <Icon aria-hidden />;
}
