/** The site's five public pages as a visitor first meets them: the browser suite and Vitest read them alike. */
export const publicPages = [
  { path: '/', title: 'Home', heading: 'Butter & Bloom Bakery', navLabel: 'Home' },
  {
    path: '/about',
    title: 'About Us',
    heading: 'Welcome to Butter & Bloom Bakery',
    navLabel: 'About Us',
  },
  { path: '/ordernow', title: 'Order Now', heading: 'Place a Custom Order', navLabel: 'Order Now' },
  { path: '/gallery', title: 'Gallery', heading: 'Our Gallery', navLabel: 'Gallery' },
  { path: '/contact', title: 'Contact', heading: 'Have Questions?', navLabel: 'Contact' },
] as const
