import { type RouteConfig, index, route } from '@react-router/dev/routes'

// React Router matches paths case-insensitively, so /About and /ORDERNOW work.
export default [
  index('routes/home.tsx'),
  route('about', 'routes/about.tsx'),
  route('ordernow', 'routes/order-now.tsx'),
  route('gallery', 'routes/gallery.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('requests/:token', 'routes/requests.$token.tsx'),
  route('requests/:token/photos/:key', 'routes/requests.$token.photos.$key.ts'),
  route('admin/inbox', 'routes/admin.inbox.tsx'),
  route('admin/orders', 'routes/admin.orders.tsx'),
  route('admin/orders/:id', 'routes/admin.orders.$id.tsx'),
  route('admin/settings', 'routes/admin.settings.tsx'),
  route('admin/calendar', 'routes/admin.calendar.tsx'),
  route('admin/calendar.ics', 'routes/admin.calendar-ics.ts'),
  route('admin/orders.csv', 'routes/admin.orders-csv.ts'),
  route('admin/login', 'routes/admin.login.ts'),
  route('admin/logout', 'routes/admin.logout.ts'),
  route('api/availability', 'routes/api.availability.ts'),
  route('admin/photos/:key', 'routes/admin.photos.$key.ts'),
  route('api/gallery', 'routes/api.gallery.ts'),
  route('api/gallery/:id', 'routes/api.gallery.$id.ts'),
  route('api/inspiration-photos', 'routes/api.inspiration-photos.ts'),
  route('robots.txt', 'routes/robots-txt.ts'),
  route('sitemap.xml', 'routes/sitemap-xml.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
