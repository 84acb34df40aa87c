import { expect, test } from 'vitest'
import { openTestDatabase } from '#tests/support/database.ts'
import { receiveMenuAction } from './menu-action.server.ts'
import { listProducts, seedMenu } from './menu.server.ts'

function post(fields: Record<string, string> | string, type = 'application/x-www-form-urlencoded') {
  return new Request('http://localhost/admin/settings', {
    method: 'POST',
    headers: { 'content-type': type },
    body: typeof fields === 'string' ? fields : new URLSearchParams(fields).toString(),
  })
}

const tart = {
  intent: 'add',
  name: 'Lemon Tarts',
  description: 'Sharp curd in a butter crust.',
  price: '45',
  notice_days: '3',
  effort: '2',
}

async function openMenu() {
  const { db } = await openTestDatabase()
  await seedMenu(db)
  return db
}

test('the add form adds a product with its price in cents', async () => {
  const db = await openMenu()
  const outcome = await receiveMenuAction({ request: post(tart), db })
  expect(outcome).toEqual({ status: 200, body: { ok: true, intent: 'add' } })
  expect((await listProducts(db)).at(-1)).toMatchObject({
    name: 'Lemon Tarts',
    priceFromCents: 4500,
    noticeDays: 3,
    effort: 2,
    active: true,
  })
  const cents = await receiveMenuAction({
    request: post({ ...tart, name: 'Scones', price: '12.50' }),
    db,
  })
  expect(cents.status).toBe(200)
  expect((await listProducts(db)).at(-1)?.priceFromCents).toBe(1250)
  // A decimal comma is read as one, never as a hundred times the price.
  const comma = await receiveMenuAction({
    request: post({ ...tart, name: 'Crumpets', price: '12,50' }),
    db,
  })
  expect(comma.status).toBe(200)
  expect((await listProducts(db)).at(-1)?.priceFromCents).toBe(1250)
})

test('a product’s name and description are stored without bidi controls, so they read as typed', async () => {
  const db = await openMenu()
  const outcome = await receiveMenuAction({
    request: post({
      ...tart,
      name: 'Lemon \u202EstraT\u202C',
      description: 'Sharp \u2067curd\u2069 in a butter crust.',
    }),
    db,
  })
  expect(outcome.status).toBe(200)
  expect((await listProducts(db)).at(-1)).toMatchObject({
    name: 'Lemon straT',
    description: 'Sharp curd in a butter crust.',
  })
  // An accent typed as its own mark is stored composed, so the name matches as typed elsewhere.
  const composed = await receiveMenuAction({
    request: post({
      ...tart,
      name: 'Cre\u0300me Bru\u0302le\u0301e',
      description: 'Cafe\u0301 style.',
    }),
    db,
  })
  expect(composed.status).toBe(200)
  expect((await listProducts(db)).at(-1)).toMatchObject({
    name: 'Cr\u00E8me Br\u00FBl\u00E9e',
    description: 'Caf\u00E9 style.',
  })
  const control = await receiveMenuAction({
    request: post({ ...tart, name: 'Scones', description: 'Warm\u001B[31m and fresh.' }),
    db,
  })
  expect(control).toMatchObject({
    status: 400,
    body: { ok: false, error: 'Description cannot contain control characters.' },
  })
})

/** The product fields of a posted form, as the refusal gives them back. */
function productFieldsOf(form: Record<string, string>) {
  const { name, price, description, notice_days, effort } = form
  return { name, price, description, notice_days, effort }
}

test.each([
  ['an empty name', { name: '  ' }, 'Name is required.'],
  ['the name Other', { name: 'other' }, '“Other” is always offered; choose another name.'],
  [
    'a price in words',
    { price: 'forty' },
    'Price must be an amount of money, like $45 or $12.50, or empty.',
  ],
  [
    'a price that can be read two ways',
    { price: '10.999' },
    'Price can be read two ways: write it as 10.99 or 10,999, or empty.',
  ],
  ['a negative notice', { notice_days: '-1' }, 'Notice must be a whole number from 0 to 365.'],
  ['an effort of 0', { effort: '0' }, 'Effort must be a whole number from 1 to 100.'],
  ['a fractional effort', { effort: '1.5' }, 'Effort must be a whole number from 1 to 100.'],
  ['an unknown intent', { intent: 'delete' }, 'That request could not be understood.'],
])('%s is refused with 400 and a message; nothing changes', async (_, change, message) => {
  const db = await openMenu()
  const before = await listProducts(db)
  const outcome = await receiveMenuAction({ request: post({ ...tart, ...change }), db })
  // What she typed comes back with the refusal, for a page drawn without JavaScript, and
  // the form it answers, so Settings shows it there.
  const form = { ...tart, ...change }
  expect(outcome).toEqual({
    status: 400,
    body: {
      ok: false,
      ...(form.intent === 'add' ? { intent: 'add' } : {}),
      error: message,
      typed: productFieldsOf(form),
    },
  })
  expect(await listProducts(db)).toEqual(before)
})

test('a post that is not the form, or names no product, is a 400', async () => {
  const db = await openMenu()
  const json = await receiveMenuAction({
    request: post('{"intent":"add"}', 'application/json'),
    db,
  })
  expect(json.status).toBe(400)
  const noId = await receiveMenuAction({ request: post({ intent: 'deactivate', id: 'x' }), db })
  expect(noId).toEqual({
    status: 400,
    body: { ok: false, intent: 'deactivate', error: 'That request could not be understood.' },
  })
  const big = await receiveMenuAction({
    request: post({ ...tart, description: 'a'.repeat(5000) }),
    db,
  })
  expect(big.status).toBe(400)
})

test('a name another product has is a 409 naming it; a gone product is a 409', async () => {
  const db = await openMenu()
  expect(await receiveMenuAction({ request: post({ ...tart, name: 'Cakes' }), db })).toEqual({
    status: 409,
    body: {
      ok: false,
      intent: 'add',
      error: 'There is already a product called “Cakes”.',
      typed: productFieldsOf({ ...tart, name: 'Cakes' }),
    },
  })
  const gone = await receiveMenuAction({ request: post({ intent: 'deactivate', id: '99999' }), db })
  expect(gone.status).toBe(409)
  // The answer names the product it was for, so its card on Settings shows it.
  expect(gone.body).toMatchObject({ intent: 'deactivate', id: 99999 })
})

test('deactivate, reactivate and move do what they say', async () => {
  const db = await openMenu()
  const [cakes, cupcakes] = await listProducts(db)
  await receiveMenuAction({ request: post({ intent: 'deactivate', id: String(cakes!.id) }), db })
  expect((await listProducts(db))[0]?.active).toBe(false)
  await receiveMenuAction({ request: post({ intent: 'activate', id: String(cakes!.id) }), db })
  expect((await listProducts(db))[0]?.active).toBe(true)
  await receiveMenuAction({
    request: post({ intent: 'move', id: String(cupcakes!.id), direction: 'up' }),
    db,
  })
  expect((await listProducts(db))[0]?.name).toBe('Cupcakes')
  const update = await receiveMenuAction({
    request: post({ ...tart, intent: 'update', id: String(cakes!.id), name: 'Layer Cakes' }),
    db,
  })
  expect(update.status).toBe(200)
  expect((await listProducts(db))[1]).toMatchObject({ name: 'Layer Cakes', priceFromCents: 4500 })
})
