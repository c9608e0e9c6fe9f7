import { useEffect, useState } from 'react';
import Button from 'antd/es/button';

/** Dismissal lasts 7 days; iOS gets manual instructions after 5 s. */
export const INSTALL_DISMISS_MS = 7 * 24 * 60 * 60 * 1000;
export const IOS_HINT_DELAY_MS = 5000;
export const INSTALL_DISMISSED_KEY = 'levelup-install-dismissed-at';

/** The browser's install event (Chromium), not in the DOM typings. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

function isInstalled(): boolean {
  const standalone =
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(display-mode: standalone)').matches;
  return standalone || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

function isIos(): boolean {
  return /iphone|ipad|ipod/i.test(navigator.userAgent);
}

function dismissedRecently(now = Date.now()): boolean {
  try {
    const at = Number(window.localStorage.getItem(INSTALL_DISMISSED_KEY));
    return Number.isFinite(at) && at > 0 && now - at < INSTALL_DISMISS_MS;
  } catch {
    return false;
  }
}

/**
 * The install prompt: offers installing Level Up as an app where the browser allows it, manual
 * instructions on iOS; hidden when installed or dismissed within the last 7 days.
 */
export function InstallPrompt() {
  const [installEvent, setInstallEvent] = useState<BeforeInstallPromptEvent | null>(null);
  const [iosHint, setIosHint] = useState(false);
  const [hidden, setHidden] = useState(() => isInstalled() || dismissedRecently());

  useEffect(() => {
    if (hidden) return;
    const onPrompt = (event: Event) => {
      event.preventDefault();
      setInstallEvent(event as BeforeInstallPromptEvent);
    };
    const onInstalled = () => setHidden(true);
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    const timer = isIos()
      ? window.setTimeout(() => setIosHint(true), IOS_HINT_DELAY_MS)
      : undefined;
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, [hidden]);

  if (hidden || (!installEvent && !iosHint)) return null;

  const dismiss = () => {
    try {
      window.localStorage.setItem(INSTALL_DISMISSED_KEY, String(Date.now()));
    } catch {
      // Private mode: it is simply offered again next time.
    }
    setHidden(true);
  };
  const install = async () => {
    if (!installEvent) return;
    await installEvent.prompt();
    const { outcome } = await installEvent.userChoice;
    if (outcome === 'accepted') setHidden(true);
    else dismiss();
  };

  return (
    <aside
      aria-label="Install Level Up"
      style={{
        position: 'fixed',
        left: 16,
        bottom: 16,
        zIndex: 900,
        maxWidth: 340,
        padding: 16,
        borderRadius: 12,
        border: '1px solid var(--lu-border)',
        background: 'var(--lu-surface)',
        boxShadow: '0 8px 24px rgba(0, 0, 0, 0.15)',
        display: 'grid',
        gap: 8,
      }}
    >
      <strong>Install Level Up</strong>
      {installEvent ? (
        <span>Add Level Up to your home screen for quick access to your quests, even offline.</span>
      ) : (
        <span>
          To install on your iPhone or iPad, tap the Share button, then &lsquo;Add to Home
          Screen&rsquo;.
        </span>
      )}
      <div style={{ display: 'flex', gap: 8 }}>
        {installEvent && (
          <Button type="primary" onClick={() => void install()}>
            Install
          </Button>
        )}
        <Button onClick={dismiss}>Not now</Button>
      </div>
    </aside>
  );
}
