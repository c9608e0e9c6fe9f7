/** Top navigation links, in the order they are shown. */
export const navLinks: ReadonlyArray<{ to: string; label: string }> = [
  { to: '/', label: 'Home Base' },
  { to: '/quests', label: 'Quest Log' },
  { to: '/goals', label: 'Goals' },
  { to: '/community', label: 'Community' },
  { to: '/sessions', label: 'Sessions' },
  // The weekly meetups page has no other way in.
  { to: '/meetups', label: 'Meetups' },
  { to: '/talent-tree', label: 'Character Progression' },
];

/** What only admins see; the services refuse members whatever the nav shows. */
export const adminLinks: ReadonlyArray<{ to: string; label: string }> = [
  { to: '/admin/feedback', label: 'Admin' },
];
