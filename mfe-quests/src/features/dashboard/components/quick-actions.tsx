import { Link } from 'react-router-dom';
import Card from 'antd/es/card';

const ACTIONS = [
  { to: '/quests', label: 'Complete Quest' },
  { to: '/goals/new', label: 'Create Goal' },
  { to: '/community', label: 'Join Community' },
  { to: '/body-doubling', label: 'Body Doubling' },
];

/** Quick Actions. */
export function QuickActions() {
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>Quick Actions</h2>}>
      <nav aria-label="Quick actions">
        <ul
          style={{
            listStyle: 'none',
            margin: 0,
            padding: 0,
            display: 'grid',
            gap: 8,
            gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))',
          }}
        >
          {ACTIONS.map((action) => (
            <li key={action.to}>
              <Link
                to={action.to}
                className="ant-btn ant-btn-default"
                style={{
                  display: 'block',
                  textAlign: 'center',
                  padding: '8px 12px',
                  borderRadius: 8,
                  border: '1px solid rgba(128, 128, 128, 0.35)',
                  color: 'inherit',
                  textDecoration: 'none',
                }}
              >
                {action.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </Card>
  );
}
