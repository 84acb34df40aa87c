/**
 * The owner's own pages, in the order her bar lists them. The bar shows them
 * across the top; on a phone's public pages, where the public header is the
 * one row, its menu lists them instead (site-header.tsx).
 */
export const OWNER_LINKS = [
  { to: '/admin', label: 'Today', end: true },
  { to: '/admin/orders', label: 'Orders', end: false },
  { to: '/admin/calendar', label: 'Calendar', end: false },
  { to: '/admin/customers', label: 'Customers', end: false },
  { to: '/admin/drops', label: 'Drops', end: false },
  { to: '/admin/kitchen', label: 'Kitchen', end: false },
  { to: '/admin/reports', label: 'Reports', end: false },
  { to: '/gallery', label: 'Gallery', end: true },
  { to: '/admin/settings', label: 'Settings', end: false },
] as const

/** The pages where her bar is the page's header: her own, and the gallery she uploads to. */
export const OWNER_DESK = /^\/(admin(\/|$)|gallery\/?$)/i
