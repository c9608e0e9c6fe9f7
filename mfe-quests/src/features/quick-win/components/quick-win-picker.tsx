import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import {
  QUICK_WIN_TEMPLATES,
  levelProgress,
  quickWinTier,
  type QuickWinTemplate,
} from '@levelup/contracts';
import { useProfile } from '@levelup/web-kit';

/** The first view: the user's tier (by level) and a button per quick win template. */
export function QuickWinPicker({ onPick }: { onPick: (template: QuickWinTemplate) => void }) {
  const { data: profile } = useProfile();
  const tier = quickWinTier(levelProgress(profile?.xp ?? 0).level);
  return (
    <div style={{ display: 'grid', gap: 12 }}>
      <p style={{ margin: 0 }}>
        Small wins count. Your tier: <Tag color="purple">{tier.name}</Tag>
        <span style={{ fontSize: 13, opacity: 0.8 }}>({tier.rarity} rewards)</span>
      </p>
      <div role="group" aria-label="Quick wins" style={{ display: 'grid', gap: 8 }}>
        {QUICK_WIN_TEMPLATES.map((t) => (
          <Button
            key={t.id}
            block
            size="large"
            // Each choice's text from the button's left edge, wrapping within it on a narrow screen.
            style={{
              height: 'auto',
              padding: '10px 16px',
              justifyContent: 'flex-start',
              textAlign: 'left',
              whiteSpace: 'normal',
            }}
            onClick={() => onPick(t)}
          >
            <span style={{ display: 'grid' }}>
              <strong>{t.title}</strong>
              <span style={{ fontSize: 12, opacity: 0.8 }}>
                {t.description} +{t.xp} XP · {t.time}
              </span>
            </span>
          </Button>
        ))}
      </div>
    </div>
  );
}
