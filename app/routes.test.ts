import { layout, route } from '@react-router/dev/routes'
import { expect, test } from 'vitest'
import {
  ADMIN_LAYOUT_FILE,
  OPEN_ADMIN_ROUTES,
  listAdminRoutes,
  samplePath,
  unguardedAdminRoutes,
} from '#tests/support/admin-routes.ts'
import routes from './routes.ts'

test('every /admin route is under the guarded layout or named open with its reason', () => {
  expect(unguardedAdminRoutes(routes)).toEqual([])
  const listed = listAdminRoutes(routes)
  // The owner's pages are guarded by the layout, the open ones are not.
  expect(listed.find((r) => r.path === 'admin/orders/:id')?.guarded).toBe(true)
  expect(listed.find((r) => r.path === 'admin/orders.csv')?.guarded).toBe(true)
  expect(listed.find((r) => r.path === 'admin')?.guarded).toBe(true)
  for (const path of Object.keys(OPEN_ADMIN_ROUTES)) {
    // An open route that left the config would leave a stale promise in the list.
    expect(listed.find((r) => r.path === path)?.guarded, path).toBe(false)
  }
})

test('the walk sees a route added to the config, in the layout or outside it', () => {
  const added = [
    ...routes,
    route('admin/invoices/:id', 'routes/admin.invoices.$id.tsx'),
    layout(ADMIN_LAYOUT_FILE, [route('admin/stock', 'routes/admin.stock.tsx')]),
  ]
  expect(listAdminRoutes(added)).toContainEqual({
    path: 'admin/invoices/:id',
    file: 'routes/admin.invoices.$id.tsx',
    guarded: false,
  })
  expect(listAdminRoutes(added)).toContainEqual({
    path: 'admin/stock',
    file: 'routes/admin.stock.tsx',
    guarded: true,
  })
  // Outside the layout and not named open: the walk calls it out.
  expect(unguardedAdminRoutes(added)).toEqual(['admin/invoices/:id'])
})

test('the walk joins a nested route’s path to its parents’, as React Router does', () => {
  const nested = [
    route('admin', ADMIN_LAYOUT_FILE, [route('reports/:year', 'routes/admin.reports.tsx')]),
    route('Admin.data-export', 'routes/admin-export.ts'),
    route('administrators-club', 'routes/club.tsx'),
  ]
  expect(listAdminRoutes(nested)).toEqual([
    { path: 'admin/reports/:year', file: 'routes/admin.reports.tsx', guarded: true },
    { path: 'Admin.data-export', file: 'routes/admin-export.ts', guarded: false },
  ])
})

test('sample paths fill every param, and a param without a sample stops the walk', () => {
  expect(samplePath('admin/orders/:id', { id: '42' })).toBe('/admin/orders/42')
  expect(samplePath('admin', {})).toBe('/admin')
  expect(samplePath('admin/files/:name.pdf', { name: 'a' })).toBe('/admin/files/a.pdf')
  expect(samplePath('admin/log/:day?', {})).toBe('/admin/log')
  expect(() => samplePath('admin/things/:thing', { id: '1' })).toThrow(/:thing/)
})
