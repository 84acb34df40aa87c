import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import type { RequestStatus } from '#app/db/schema.ts'
import { receiveSettingsAction } from '#app/features/availability/settings-action.server.ts'
import { submitOrderRequests } from '#app/features/orders/order-requests.server.ts'
import type { OrderRequest } from '#app/features/orders/order-schema.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { birthdayCakeOrder } from '#tests/support/orders.ts'
import { RequestStatusPage } from './request-status-page.tsx'
import { readRequestStatus, renderStoredAcceptedPolicies } from './request-status.server.ts'
import { STATUS_COPY } from './request-status.ts'

const priya = birthdayCakeOrder
const sam: OrderRequest = {
  ...birthdayCakeOrder,
  name: 'Sam Ortiz',
  email: 'sam@example.com',
  product_type: 'Cupcakes',
  event_theme: 'Office farewell',
  due_date: '2026-12-19',
}

/** A send of orders, as the order page stores it: the customers' links by email. */
async function send(db: Db, orders: OrderRequest[]) {
  const result = await submitOrderRequests(db, orders, {
    products: [],
    siteUrl: 'https://butterandbloom.example',
    now: new Date('2026-11-21T15:00:00Z'),
  })
  if (!result.ok) throw new Error('the send was refused')
  return new Map(result.links.map((link) => [link.email.toLowerCase(), link.token]))
}

test("a link shows its customer's requests from that send, in order, and no one else's", async () => {
  const { db } = await openTestDatabase()
  const links = await send(db, [
    { ...priya, servings: '20', allergies: 'No nuts', fulfilment: 'delivery' },
    sam,
    // The same customer, whatever the case of their address: the same link.
    { ...priya, email: 'PRIYA@Example.com', product_type: 'Cake Pops', comments: 'Pink, please' },
  ])
  expect(links.size).toBe(2)

  const view = await readRequestStatus(db, links.get('priya@example.com')!)
  expect(view).toMatchObject({
    customerName: 'Priya Sharma',
    sentAt: '2026-11-21T15:00:00.000Z',
    sentLabel: 'November 21, 2026',
    photos: [],
  })
  // No database id reaches the page (it would tell how many orders the bakery takes).
  expect(view?.requests).toEqual([
    {
      position: 1,
      productType: 'Cakes',
      dueDate: '2026-12-12',
      eventTheme: 'Unicorn birthday',
      eventThemeLabel: 'Event/Theme',
      servings: '20',
      allergies: 'No nuts',
      fulfilment: 'delivery',
      window: null,
      deliveryAddress: null,
      pickupAddress: null,
      comments: null,
      status: 'new',
    },
    {
      position: 3,
      productType: 'Cake Pops',
      dueDate: '2026-12-12',
      eventTheme: 'Unicorn birthday',
      eventThemeLabel: 'Event/Theme',
      servings: null,
      allergies: null,
      fulfilment: null,
      window: null,
      deliveryAddress: null,
      pickupAddress: null,
      comments: 'Pink, please',
      status: 'new',
    },
  ])

  const samView = await readRequestStatus(db, links.get('sam@example.com')!)
  expect(samView?.customerName).toBe('Sam Ortiz')
  expect(samView?.requests.map((request) => request.productType)).toEqual(['Cupcakes'])
})

test('a link from another send shows only that send', async () => {
  const { db } = await openTestDatabase()
  const first = await send(db, [priya])
  const second = await send(db, [{ ...priya, product_type: 'Smash Cakes' }])
  expect(first.get('priya@example.com')).not.toBe(second.get('priya@example.com'))

  const view = await readRequestStatus(db, second.get('priya@example.com')!)
  expect(view?.requests.map((request) => request.productType)).toEqual(['Smash Cakes'])
})

test('a made-up, malformed or altered token finds nothing', async () => {
  const { db } = await openTestDatabase()
  const token = (await send(db, [priya])).get('priya@example.com')!
  expect(token).toMatch(/^[A-Za-z0-9_-]{24}$/)

  for (const other of [
    'AbCdEfGhIjKlMnOpQrStUvWx',
    token.toUpperCase() === token ? token.toLowerCase() : token.toUpperCase(),
    token.slice(0, -1),
    `${token}x`,
    `${token.slice(0, 12)}%' OR '1'='1`,
    '',
    'x'.repeat(5000),
  ]) {
    expect(await readRequestStatus(db, other), other.slice(0, 40)).toBeUndefined()
  }
})

test('the policies on the request page are laid out from her Markdown as she saved them', async () => {
  const { db } = await openTestDatabase()
  const settings = (fields: Record<string, string>) =>
    receiveSettingsAction({
      request: new Request('http://localhost/admin/settings', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      }),
      db,
    })
  const policies = '## Deposits\n\nHalf holds **your** date.\n\n## Allergens\n\n- Nuts\n- Wheat'
  expect((await settings({ intent: 'policies', policies })).status).toBe(200)
  const token = (await send(db, [priya])).get('priya@example.com')!
  // Rewritten afterwards: the page keeps what the customer ticked.
  expect((await settings({ intent: 'policies', policies: '## New rules' })).status).toBe(200)

  const page = renderToStaticMarkup(
    createElement(
      MemoryRouter,
      null,
      createElement(RequestStatusPage, { view: (await readRequestStatus(db, token))! }),
    ),
  )
  expect(page).toContain('<h2>Deposits</h2>')
  expect(page).toContain('<p>Half holds <strong>your</strong> date.</p>')
  expect(page).toContain('<ul>\n<li>Nuts</li>\n<li>Wheat</li>\n</ul>')
  expect(page).not.toContain('##')
  expect(page).not.toContain('New rules')
})

test('each status reads in plain words, and the policies are those the customer accepted', async () => {
  const { db } = await openTestDatabase()
  const token = (await send(db, [priya, { ...priya, product_type: 'Cupcakes' }])).get(
    'priya@example.com',
  )!
  const accepted = (
    await db.selectFrom('booking_settings').select('policies').executeTakeFirstOrThrow()
  ).policies
  // The owner rewrites the policies and quotes the first request afterwards.
  await db.updateTable('booking_settings').set({ policies: 'New rules.' }).execute()
  await db
    .updateTable('order_request')
    .set({ status: 'quoted' satisfies RequestStatus })
    .where('customer_token', '=', token)
    .where('position', '=', 1)
    .execute()

  const view = await readRequestStatus(db, token)
  expect(view?.requests.map((request) => request.status)).toEqual(['quoted', 'new'])
  // The terms from the rules first, then her words as they read when she sent.
  expect(view?.acceptedPoliciesHtml).toContain('What every order follows')
  expect(view?.acceptedPoliciesHtml).toContain('Notice: each treat needs the notice')
  expect(view?.acceptedPoliciesHtml).not.toContain('New rules.')
  expect(accepted).toContain('Notice:')

  expect(STATUS_COPY.new.label).toBe('Received')
  expect(STATUS_COPY.new.explanation).toMatch(/^We’ll reply within 2 days/)
  for (const [status, copy] of Object.entries(STATUS_COPY)) {
    expect(copy.label, status).not.toBe('')
    expect(copy.explanation.length, status).toBeGreaterThan(20)
  }
})

test('sends stored before renderings were kept get theirs at boot, each text rendered once', async () => {
  const { db } = await openTestDatabase()
  const batch = (policies: string | null) =>
    db
      .insertInto('order_batch')
      .values({
        created_at: '2026-01-01T00:00:00.000Z',
        order_count: 1,
        accepted_policies: policies,
      })
      .execute()
  await batch('## Deposits')
  await batch('## Deposits')
  await batch('Plain rules.')
  await batch(null)
  await batch(`${'>'.repeat(5000)} Too deep`)

  expect(await renderStoredAcceptedPolicies(db)).toBe(3)
  const rows = await db
    .selectFrom('order_batch')
    .select('accepted_policies_html')
    .orderBy('id')
    .execute()
  expect(rows.map((row) => row.accepted_policies_html)).toEqual([
    '<h2>Deposits</h2>',
    '<h2>Deposits</h2>',
    '<p>Plain rules.</p>',
    null,
    null,
  ])
  expect(await renderStoredAcceptedPolicies(db)).toBe(0)
})
