import { type RouteConfig, index, layout, route } from '@react-router/dev/routes'

// React Router matches paths case-insensitively, so /About and /ORDERNOW work.
export default [
  index('routes/home.tsx'),
  route('about', 'routes/about.tsx'),
  route('ordernow', 'routes/order-now.tsx'),
  route('ordernow/:id', 'routes/order-now.$id.tsx'),
  route('ordernow/kept/:token', 'routes/order-now.kept.$token.tsx'),
  route('gallery', 'routes/gallery.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('faq', 'routes/faq.tsx'),
  route('policies', 'routes/policies.tsx'),
  route('gift-cards', 'routes/gift-cards.tsx'),
  route('drops', 'routes/drops.tsx'),
  route('drops/:slug', 'routes/drops.$slug.tsx'),
  route('drops/:slug/hold/:token', 'routes/drops.$slug.hold.$token.tsx'),
  route('requests/:token', 'routes/requests.$token.tsx'),
  route('requests/:token/receipt', 'routes/requests.$token.receipt.tsx'),
  route('requests/:token/receipt.pdf', 'routes/requests.$token.receipt-pdf.ts'),
  route('requests/:token/photos/:key', 'routes/requests.$token.photos.$key.ts'),
  route('requests/:token/proofs/:key', 'routes/requests.$token.proofs.$key.ts'),
  // The owner's pages: the layout's middleware refuses a visitor without a
  // session before any of them runs (docs/decisions/039-guards-by-shape.md).
  // An /admin route belongs here unless it must answer without a session;
  // app/routes/admin-protection.server.test.ts walks this file and fails on one that
  // is neither here nor named in its list of open routes.
  layout('routes/admin-layout.tsx', [
    route('admin', 'routes/admin._index.tsx'),
    route('admin/inbox', 'routes/admin.inbox.tsx'),
    route('admin/orders', 'routes/admin.orders.tsx'),
    route('admin/orders/:id', 'routes/admin.orders.$id.tsx'),
    route('admin/orders/:id/labels.pdf', 'routes/admin.orders.$id.labels-pdf.ts'),
    route('admin/settings', 'routes/admin.settings.tsx'),
    route('admin/settings/alerts', 'routes/admin.settings.alerts.tsx'),
    route('admin/settings/texts', 'routes/admin.settings.texts.tsx'),
    route('admin/settings/taxes', 'routes/admin.settings.taxes.tsx'),
    route('admin/settings/payments', 'routes/admin.settings.payments.tsx'),
    route('admin/settings/account', 'routes/admin.settings.account.tsx'),
    route('admin/settings/site', 'routes/admin.settings.site.tsx'),
    route('admin/settings/moving', 'routes/admin.settings.moving.tsx'),
    route('admin/settings/moving/export', 'routes/admin.settings.moving-export.ts'),
    route('admin/settings/menu/:id', 'routes/admin.settings.menu.$id.tsx'),
    route('admin/reviews', 'routes/admin.reviews.tsx'),
    route('admin/drops', 'routes/admin.drops.tsx'),
    route('admin/drops/new', 'routes/admin.drops.new.tsx'),
    route('admin/drops/:id', 'routes/admin.drops.$id.tsx'),
    route('admin/drops/:id/edit', 'routes/admin.drops.$id.edit.tsx'),
    route('admin/drops/:id/labels.pdf', 'routes/admin.drops.$id.labels-pdf.ts'),
    route('admin/kitchen', 'routes/admin.kitchen.tsx'),
    route('admin/kitchen/ingredients/:id', 'routes/admin.kitchen.ingredients.$id.tsx'),
    route('admin/kitchen/recipes/:id', 'routes/admin.kitchen.recipes.$id.tsx'),
    route('admin/kitchen/sold', 'routes/admin.kitchen.sold.tsx'),
    route('admin/kitchen/prep', 'routes/admin.kitchen.prep.tsx'),
    route('admin/kitchen/shopping', 'routes/admin.kitchen.shopping.tsx'),
    route('admin/kitchen/labels', 'routes/admin.kitchen.labels.tsx'),
    route('admin/calendar', 'routes/admin.calendar.tsx'),
    route('admin/customers', 'routes/admin.customers.tsx'),
    route('admin/customers/:id', 'routes/admin.customers.$id.tsx'),
    route('admin/codes', 'routes/admin.codes.tsx'),
    route('admin/gift-cards', 'routes/admin.gift-cards.tsx'),
    route('admin/orders.csv', 'routes/admin.orders-csv.ts'),
    route('admin/customers.csv', 'routes/admin.customers-csv.ts'),
    route('admin/reports', 'routes/admin.reports.tsx'),
    route('admin/reports/year-end.zip', 'routes/admin.reports-pack.ts'),
    route('admin/proofs/:key', 'routes/admin.proofs.$key.ts'),
  ]),
  // Owner routes that must answer without a session, each with its own check:
  // a phone's calendar app fetches the feed with its key and no cookie (404
  // without the right key); signing in, asking for a reset link and setting a
  // new password are how a signed-out owner gets back in, and an invitation's
  // link how a new admin first does, and the first-run setup's link how the
  // first admin is made; signing out must work with a session
  // that has already ended; a customer's photo answers 404 to anyone but the
  // owner, so no answer says a photo is there.
  route('admin/calendar.ics', 'routes/admin.calendar-ics.ts'),
  route('admin/login', 'routes/admin.login.ts'),
  route('admin/sign-in', 'routes/admin.sign-in.tsx'),
  route('admin/logout', 'routes/admin.logout.ts'),
  route('admin/forgot-password', 'routes/admin.forgot-password.ts'),
  route('admin/reset-password/:token', 'routes/admin.reset-password.$token.tsx'),
  route('admin/invite/:token', 'routes/admin.invite.$token.tsx'),
  route('admin/setup', 'routes/admin.setup.tsx'),
  route('admin/photos/:key', 'routes/admin.photos.$key.ts'),
  route('api/availability', 'routes/api.availability.ts'),
  route('api/drops/:slug', 'routes/api.drops.$slug.ts'),
  route('api/price', 'routes/api.price.ts'),
  route('api/gallery', 'routes/api.gallery.ts'),
  route('api/gallery/:id', 'routes/api.gallery.$id.ts'),
  route('api/inspiration-photos', 'routes/api.inspiration-photos.ts'),
  // The owner's app's manifest and service worker: a browser fetches the
  // manifest without cookies and checks the worker for updates on its own;
  // both are the same for everyone and hold nothing private.
  route('admin/manifest.webmanifest', 'routes/admin.manifest-webmanifest.ts'),
  route('admin/sw.js', 'routes/admin.sw-js.ts'),
  // Stripe's signed events about card payments: no session, the signature is the check.
  route('webhooks/stripe', 'routes/webhooks.stripe.ts'),
  route('webhooks/sms', 'routes/webhooks.sms.ts'),
  route('robots.txt', 'routes/robots-txt.ts'),
  route('sitemap.xml', 'routes/sitemap-xml.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
