import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Tag from 'antd/es/tag';
import { LOGIN_URL } from '@levelup/web-kit';

const features = [
  { title: 'Smart Dashboard', text: "Today's quests, goals and streaks in one place." },
  {
    title: 'Character Progression',
    text: 'Unlock talents along three growth paths as you complete quests.',
  },
  {
    title: 'Achievement Tracking',
    text: 'Celebrate every win, from the first quest to a 7-day streak.',
  },
  { title: 'XP & Level System', text: 'Earn XP for every quest and watch your level rise.' },
];

/** The public page for visitors at / (goals-progression-community.md section 2, Landing page). */
export function LandingPage() {
  const signIn = () => window.location.assign(LOGIN_URL);
  return (
    <div style={{ display: 'grid', gap: 32, padding: '32px 0' }}>
      <section
        aria-labelledby="landing-title"
        style={{ textAlign: 'center', display: 'grid', gap: 16, justifyItems: 'center' }}
      >
        <Tag color="purple" style={{ fontSize: 14, padding: '4px 12px' }}>
          Gamified Life Organization
        </Tag>
        <h1 id="landing-title" style={{ fontSize: 48, margin: 0, lineHeight: 1.1 }}>
          Level Up Your Life.
        </h1>
        <p style={{ maxWidth: 560, fontSize: 18, margin: 0, opacity: 0.8 }}>
          Turn routines and tasks into quests, earn XP and levels, keep your streaks, and share
          progress with a supportive community. Now in early-access beta.
        </p>
        <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', justifyContent: 'center' }}>
          <Button type="primary" size="large" onClick={signIn}>
            Start Your First Quest or Sign In
          </Button>
          <Button size="large" onClick={signIn}>
            Sign In
          </Button>
        </div>
      </section>
      <section aria-label="Features">
        <ul
          style={{
            listStyle: 'none',
            padding: 0,
            margin: 0,
            display: 'grid',
            gap: 16,
            gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
          }}
        >
          {features.map((feature) => (
            <li key={feature.title}>
              <Card style={{ height: '100%' }}>
                <h2 style={{ fontSize: 18, marginTop: 0 }}>{feature.title}</h2>
                <p style={{ margin: 0, opacity: 0.8 }}>{feature.text}</p>
              </Card>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
