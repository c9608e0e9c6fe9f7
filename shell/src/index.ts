import { preloadRemoteOf } from './features/remotes/remote-preload.ts';

// The page's remote starts loading at once, alongside the shell's own code. '/' is the
// dashboard for a signed-in user, not for a visitor on the prerendered landing page.
const { pathname } = window.location;
const landing = document.getElementById('root')?.dataset.prerendered === 'landing';
if (!landing) preloadRemoteOf(pathname === '/' ? '/dashboard' : pathname);

// Async boundary: shared modules (React, antd, ...) are negotiated before any of them is used.
import('./bootstrap.tsx');
