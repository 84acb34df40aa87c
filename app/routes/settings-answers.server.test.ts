import { expect, onTestFinished, test } from 'vitest'
import { setDatabase } from '#app/db/db.server.ts'
import { setAuth } from '#app/features/auth/auth.server.ts'
import { createLocalMediaStore } from '#app/features/media/local-media-store.server.ts'
import { setMediaStore } from '#app/features/media/open-media-store.server.ts'
import { listProducts, seedMenu } from '#app/features/menu/menu.server.ts'
import { saveSubscription } from '#app/features/owner-alerts/subscriptions.server.ts'
import { seedSiteContent } from '#app/features/site-content/site-content.server.ts'
import { setUpAuth } from '#tests/support/admins.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { drawRoute, elementById, formActions, formPost } from '#tests/support/route-page.tsx'
import * as account from './admin.settings.account.tsx'
import * as alerts from './admin.settings.alerts.tsx'
import * as payments from './admin.settings.payments.tsx'
import * as site from './admin.settings.site.tsx'
import * as settings from './admin.settings.tsx'

/**
 * Each Settings page answered without JavaScript: the page that comes back
 * after a post shows the answer in the card whose form she used, at the id
 * the form's action names, so the browser opens the page there (decision 083).
 */

const SITE = 'http://localhost:3000'

async function openBakery() {
  const { db, dataDir } = await openTestDatabase()
  await seedMenu(db)
  await seedSiteContent(db)
  setDatabase(db)
  setMediaStore(createLocalMediaStore(dataDir))
  onTestFinished(() => setMediaStore(undefined))
  return db
}

/**
 * The card's answer in the page: in the card (`card` among the ids around it),
 * saying `words`, a status when it worked and an alert when it did not; and
 * the card's forms post to it.
 */
function expectAnswer(
  html: string,
  card: string,
  words: string | RegExp,
  ok: boolean,
  /** The card it sits in, when its form is one of a card's two. */
  inCard = card,
) {
  const answer = elementById(html, `${card}-answer`)
  expect(answer, `no answer for ${card}`).not.toBeNull()
  expect(answer!.text).toMatch(words)
  expect(answer!.role).toBe(ok ? 'status' : 'alert')
  expect(answer!.within).toContain(inCard)
  expect(formActions(html).some((action) => action.endsWith(`#${card}-answer`))).toBe(true)
  // No other card says it.
  if (typeof words === 'string') expect(html.split(words)).toHaveLength(2)
}

const main = (fields: Record<string, string>, search = '') =>
  drawRoute(settings, '/admin/settings', formPost(`${SITE}/admin/settings${search}`, fields))

test('Settings: a pickup time added or refused answers in the pickup times card', async () => {
  await openBakery()
  const window = { intent: 'pickup-window-add', window_weekday: '6', window_end: '12:00' }
  const added = await main({ ...window, window_start: '10:00', window_capacity: '4' })
  expect(added.status).toBe(200)
  expectAnswer(added.html, 'pickup-windows', /Saturday 10:00/, true)

  const refused = await main({ ...window, window_start: '10:00', window_capacity: '0' })
  expect(refused.status).toBe(400)
  expectAnswer(refused.html, 'pickup-windows', 'Please correct the marked field.', false)
})

test('Settings: a treat’s buttons and its edit answer in that treat’s card', async () => {
  const db = await openBakery()
  const [first, second] = await listProducts(db)
  const card = `product-${second!.id}`
  const fields = { description: 'Tall.', price: '', notice_days: '3', effort: '2' }

  const off = await main({ intent: 'deactivate', id: String(second!.id) })
  expectAnswer(off.html, card, 'Product taken off the menu.', true)
  expect(elementById(off.html, `product-${first!.id}-answer`)!.text).toBe('')

  const saved = await main(
    { ...fields, intent: 'update', id: String(second!.id), name: 'Layer Cakes' },
    `?edit=${second!.id}`,
  )
  expectAnswer(saved.html, card, 'Changes saved.', true)

  const refused = await main(
    { ...fields, intent: 'update', id: String(second!.id), name: first!.name },
    `?edit=${second!.id}`,
  )
  expect(refused.status).toBe(409)
  expectAnswer(refused.html, card, `There is already a product called “${first!.name}”.`, false)
  // Her fields stay open, as she typed them.
  expect(refused.html).toContain(`value="${first!.name}"`)
})

test('Settings: a product added or refused answers under the add form', async () => {
  const db = await openBakery()
  const [first] = await listProducts(db)
  const product = { intent: 'add', description: 'Sharp.', price: '', notice_days: '2', effort: '1' }
  const added = await main({ ...product, name: 'Lemon Tarts' }, '?add')
  expectAnswer(added.html, 'add-product', 'Product added.', true)
  const refused = await main({ ...product, name: first!.name }, '?add')
  expectAnswer(refused.html, 'add-product', `There is already a product called`, false)
})

test('Settings: the calendar key and the erasure answer in their own cards', async () => {
  await openBakery()
  const rotated = await main({ intent: 'rotate-ical-key' })
  expectAnswer(rotated.html, 'calendar-feed', /New calendar address made/, true)
  const refused = await main({ intent: 'erase-customer', email: 'nobody@example.com' })
  expect(refused.status).toBe(400)
  expectAnswer(refused.html, 'erase-customer', /tick/i, false)
})

test('Your site: a group saved or refused answers beside its own buttons', async () => {
  await openBakery()
  const post = (fields: Record<string, string>) =>
    drawRoute(site, '/admin/settings/site', formPost(`${SITE}/admin/settings/site`, fields))
  const saved = await post({ intent: 'policies', mode: 'publish', markdown: '## Deposits' })
  expectAnswer(saved.html, 'site-policies', 'Saved. The site shows it now.', true)
  const refused = await post({ intent: 'identity', mode: 'publish', name: '' })
  expect(refused.status).toBe(400)
  expectAnswer(refused.html, 'site-identity', /nothing was saved/, false)
})

test('Payments: each rule saved or refused answers in its own card', async () => {
  await openBakery()
  const post = (fields: Record<string, string>) =>
    drawRoute(
      payments,
      '/admin/settings/payments',
      formPost(`${SITE}/admin/settings/payments`, fields),
    )
  const saved = await post({ intent: 'save-balance-due', balance_due_days: '10' })
  expectAnswer(saved.html, 'payments', /10 days/, true)
  const refused = await post({ intent: 'save-proof-rounds', proof_rounds: '99' })
  expect(refused.status).toBe(400)
  expectAnswer(refused.html, 'proof-rounds', /1 to 10 rounds/, false)
})

test('Alerts: a device’s switches answer in its card; a device gone answers above the list', async () => {
  const db = await openBakery()
  const device = await saveSubscription(db, {
    userId: 'owner',
    subscription: { endpoint: 'https://push.example.com/send/kitchen', p256dh: 'BNc', auth: 'tBH' },
    label: 'Kitchen iPad',
    now: Date.now(),
  })
  const post = (fields: Record<string, string>) =>
    drawRoute(alerts, '/admin/settings/alerts', formPost(`${SITE}/admin/settings/alerts`, fields))
  const saved = await post({ intent: 'alerts-kinds', device: String(device), 'kind-review': 'on' })
  expectAnswer(saved.html, `device-${device}`, 'Alerts saved.', true)
  const gone = await post({ intent: 'alerts-test', device: String(device + 1) })
  expect(gone.status).toBe(404)
  expectAnswer(gone.html, 'devices', /no longer on the list/, false)
})

test('Your account: an invitation and a password each answer in their own card', async () => {
  const owner = { email: 'owner@bakery.test', password: 'correct horse battery staple' }
  const { db, auth } = await setUpAuth({ siteUrl: SITE, admin: owner })
  await seedSiteContent(db)
  setDatabase(db)
  setAuth(auth)
  const id = (await (await auth.$context).internalAdapter.findUserByEmail(owner.email))!.user.id
  const post = (fields: Record<string, string>) =>
    drawRoute(
      account,
      '/admin/settings/account',
      formPost(`${SITE}/admin/settings/account`, fields),
      { id, email: owner.email },
    )
  const invited = await post({ intent: 'invite-admin', email: 'helper@bakery.test' })
  expectAnswer(invited.html, 'invite', /helper@bakery\.test/, true, 'admins')
  const refused = await post({
    intent: 'change-password',
    current_password: 'not her password',
    password: 'a brand new password',
    confirm: 'a brand new password',
  })
  expect(refused.status).toBe(400)
  expectAnswer(refused.html, 'password', 'That is not your current password.', false)
  setAuth(undefined)
})
