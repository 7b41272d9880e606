// The navbar's five links (spec §2), in order; the mobile menu lists the same.
export const NAV_LINKS = [
  { to: '/', key: 'home', end: true },
  { to: '/directory', key: 'directory', end: false },
  { to: '/sectors', key: 'sectors', end: false },
  { to: '/platforms', key: 'platforms', end: false },
  { to: '/membership', key: 'membership', end: false },
] as const;
