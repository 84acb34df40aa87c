import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter, createRoutesStub } from 'react-router'
import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { addPickupWindow } from '#app/features/availability/pickup-windows.server.ts'
import { RequestStatusPage } from '#app/features/customer-page/request-status-page.tsx'
import { readRequestStatus } from '#app/features/customer-page/request-status.server.ts'
import { OrderDetailPage } from '#app/features/order-page/order-detail-page/order-detail-page.tsx'
import { readOrderDetail } from '#app/features/order-page/order-detail.server.ts'
import { PickupWindowField } from '#app/features/orders/handover-fields.tsx'
import { runWithLocalSettings } from '#app/utils/local-settings.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { openBakery, sendRequest } from '#tests/support/order-book.ts'

/** React's markers between neighbouring text, which a reader never sees. */
const seen = (html: string) => html.replace(/<!-- -->/g, '')

async function emailsOf(db: Db) {
  const rows = await db.selectFrom('outbox').select(['topic', 'payload']).orderBy('id').execute()
  return new Map(rows.map((row) => [row.topic, (JSON.parse(row.payload) as { text: string }).text]))
}

async function ownerPage(db: Db, id: number) {
  const detail = (await readOrderDetail(db, id))!
  const Stub = createRoutesStub([
    {
      path: '/admin/orders/:id',
      Component: () => <OrderDetailPage detail={detail} result={undefined} today="2026-11-25" />,
    },
  ])
  return seen(renderToStaticMarkup(<Stub initialEntries={[`/admin/orders/${id}`]} />))
}

async function customerPage(db: Db, id: number) {
  const { customer_token: token } = await db
    .selectFrom('order_request')
    .select('customer_token')
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  const view = (await readRequestStatus(db, token!))!
  return seen(
    renderToStaticMarkup(
      <MemoryRouter>
        <RequestStatusPage view={view} />
      </MemoryRouter>,
    ),
  )
}

function orderFormChoices() {
  return seen(
    renderToStaticMarkup(
      <PickupWindowField
        hydrated={false}
        dueDate=""
        day={undefined}
        weekly={[{ weekday: 6, value: '14:00-16:00' }]}
        delivery={false}
      />,
    ),
  )
}

test.each([
  ['en-US', '2:00\u00a0PM–4:00\u00a0PM'],
  ['en-CA', '2:00\u00a0p.m.–4:00\u00a0p.m.'],
  ['en-GB', '14:00–16:00'],
  ['fr-CA', '14\u00a0h\u00a000–16\u00a0h\u00a000'],
])(
  'in %s the order form, her emails, her page and the owner’s page write a window alike: %s',
  async (locale, window) => {
    const { db } = await openTestDatabase()
    await openBakery(db)
    await addPickupWindow(db, { weekday: 6, start: '14:00', end: '16:00', capacity: 3 })
    await runWithLocalSettings(
      { timeZone: 'America/Toronto', currency: 'CAD', locale },
      async () => {
        expect(orderFormChoices()).toContain(
          `<option value="14:00-16:00">Saturday ${window}</option>`,
        )
        const id = await sendRequest(db, { fulfilment: 'pickup', pickup_window: '14:00-16:00' })
        const emails = await emailsOf(db)
        expect(emails.get('request_confirmation')).toContain(window)
        expect(emails.get('order_batch')).toContain(`Pickup time: ${window}`)
        expect(await customerPage(db, id)).toContain(`Pickup ${window}`)
        expect(await ownerPage(db, id)).toContain(`Pickup ${window}`)
      },
    )
  },
)
