import { lazy, Suspense, useState } from 'react';
import { NavLink, useNavigate } from 'react-router-dom';
import Button from 'antd/es/button';
import Skeleton from 'antd/es/skeleton';
import MenuOutlined from '@ant-design/icons/es/icons/MenuOutlined';
import { useAuth, useToast } from '@levelup/web-kit';
import { AUTH_PATH, useSignInHref } from '../../lib/sign-in-href.ts';
import { adminLinks, navLinks } from './nav-links.ts';

// The mobile menu's drawer is fetched the first time it opens, not on every page load.
const Drawer = lazy(() => import('antd/es/drawer'));
import { OfflineStatus } from './offline-status.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

function Links({
  profileLabel,
  isAdmin,
  onNavigate,
}: {
  profileLabel: string | null;
  isAdmin: boolean;
  onNavigate?: () => void;
}) {
  return (
    <ul className="lu-nav-list">
      {[...navLinks, ...(isAdmin ? adminLinks : [])].map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end={link.to === '/'} className="lu-nav-link" onClick={onNavigate}>
            {link.label}
          </NavLink>
        </li>
      ))}
      {profileLabel !== null && (
        <li>
          {/* A long name is cut short in the header (the whole name in its tooltip), so the header's
              buttons stay on screen. */}
          <NavLink
            to="/profile"
            className="lu-nav-link lu-nav-profile"
            title={profileLabel}
            onClick={onNavigate}
          >
            {profileLabel}
          </NavLink>
        </li>
      )}
    </ul>
  );
}

function AccountActions({
  vertical = false,
  onNavigate,
  onLogoutIntent,
}: {
  vertical?: boolean;
  onNavigate?: () => void;
  onLogoutIntent?: () => void;
}) {
  const navigate = useNavigate();
  const { isSignedIn, logout } = useAuth(() => void navigate('/'));
  const toast = useToast();
  const signInHref = useSignInHref();
  const style = {
    display: 'flex',
    gap: 8,
    flexDirection: vertical ? ('column' as const) : ('row' as const),
  };
  if (isSignedIn) {
    return (
      <div style={style}>
        <Button
          // The signed-out page's code is fetched as the user reaches for the button.
          onPointerEnter={onLogoutIntent}
          onFocus={onLogoutIntent}
          onClick={() => {
            onNavigate?.();
            // A toast of the user's (an Undo) must not outlive their session on screen.
            toast.destroy();
            void logout();
          }}
        >
          Logout
        </Button>
      </div>
    );
  }
  // Without an external provider both buttons open the sign-in page in the app, with no reload.
  const signIn = () => {
    onNavigate?.();
    if (signInHref === AUTH_PATH) void navigate(AUTH_PATH);
    else window.location.assign(signInHref);
  };
  return (
    <div style={style}>
      <Button onClick={signIn}>Sign In</Button>
      <Button type="primary" onClick={signIn}>
        Join Community
      </Button>
    </div>
  );
}

/** The top navigation of every screen, with a mobile menu that repeats the links. */
export function TopNav({
  onLogoutIntent,
}: {
  /** Run when a signed-in user reaches for Logout: a pointer over it, focus on it, the phone's menu opened. */
  onLogoutIntent?: () => void;
}) {
  const { profile, isLoading } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuUsed, setMenuUsed] = useState(false);
  const profileLabel = profile ? profile.displayName || 'Profile' : null;
  const isAdmin = profile?.role === 'admin';

  return (
    <header className="lu-header">
      <NavLink to="/" className="lu-brand" aria-label="Level Up home">
        Level Up
      </NavLink>
      {isLoading ? (
        <div className="lu-header-placeholder" aria-busy="true" aria-label="Loading navigation">
          <Skeleton.Input active size="small" style={{ width: 320 }} />
        </div>
      ) : (
        <>
          <nav aria-label="Main" className="lu-nav-desktop">
            <Links profileLabel={profileLabel} isAdmin={isAdmin} />
          </nav>
          <div className="lu-header-actions">
            <OfflineStatus />
            <ThemeToggle />
            <span className="lu-nav-desktop">
              <AccountActions onLogoutIntent={onLogoutIntent} />
            </span>
            <Button
              className="lu-nav-mobile-trigger"
              type="text"
              icon={<MenuOutlined />}
              aria-label="Open menu"
              aria-expanded={menuOpen}
              onClick={() => {
                setMenuUsed(true);
                setMenuOpen(true);
                // The menu holds Logout: its signed-out page is fetched as the menu opens.
                if (profile) onLogoutIntent?.();
              }}
            />
          </div>
          {menuUsed && (
            <Suspense fallback={null}>
              <Drawer
                title="Menu"
                placement="right"
                open={menuOpen}
                onClose={() => setMenuOpen(false)}
              >
                <nav aria-label="Mobile">
                  <Links
                    profileLabel={profileLabel}
                    isAdmin={isAdmin}
                    onNavigate={() => setMenuOpen(false)}
                  />
                </nav>
                <AccountActions
                  vertical
                  onNavigate={() => setMenuOpen(false)}
                  onLogoutIntent={onLogoutIntent}
                />
              </Drawer>
            </Suspense>
          )}
        </>
      )}
    </header>
  );
}
