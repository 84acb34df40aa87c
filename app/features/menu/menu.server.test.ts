import { expect, test } from 'vitest'
import { site } from '#app/content/site.ts'
import { openTestDatabase, openTwoInstances } from '#tests/support/database.ts'
import {
  addProduct,
  listActiveProducts,
  listProducts,
  moveProduct,
  seedMenu,
  setProductActive,
  updateProduct,
} from './menu.server.ts'

const treatNames = site.treats.map((treat) => treat.name)
const lemonTart = {
  name: 'Lemon Tarts',
  description: 'Sharp curd in a butter crust.',
  priceFromCents: 4500,
  noticeDays: 3,
  effort: 2,
}

test('the first start creates the menu from site.ts, active, in order, and never again', async () => {
  const { db } = await openTestDatabase()
  expect(await seedMenu(db)).toBe(site.treats.length)
  const products = await listProducts(db)
  expect(products.map((product) => product.name)).toEqual(treatNames)
  expect(products[0]).toMatchObject({
    name: 'Cakes',
    description: site.treats[0]!.description,
    priceFromCents: null,
    noticeDays: 0,
    effort: 1,
    active: true,
  })

  // Emptied or changed by the owner, the menu is not refilled by a restart.
  await setProductActive(db, products[0]!.id, false)
  await db.deleteFrom('product').where('name', '=', 'Cupcakes').execute()
  expect(await seedMenu(db)).toBe(0)
  expect((await listProducts(db)).length).toBe(site.treats.length - 1)
  expect((await listActiveProducts(db)).map((product) => product.name)).toEqual(
    treatNames.filter((name) => name !== 'Cakes' && name !== 'Cupcakes'),
  )
})

test('two instances starting at once create the menu once', async () => {
  const [first, second] = await openTwoInstances()
  const added = await Promise.all([seedMenu(first), seedMenu(second), seedMenu(first)])
  expect(added.reduce((sum, count) => sum + count, 0)).toBe(site.treats.length)
  expect((await listProducts(second)).map((product) => product.name)).toEqual(treatNames)
})

test('a start cut short is finished by the next, each treat once', async () => {
  const { db } = await openTestDatabase()
  await db
    .insertInto('product')
    .values({ name: 'Cakes', description: 'Already here', position: 1 })
    .execute()
  expect(await seedMenu(db)).toBe(site.treats.length - 1)
  const products = await listProducts(db)
  expect(products.map((product) => product.name)).toEqual(treatNames)
  expect(products[0]!.description).toBe('Already here')
})

test('a product is added at the end and edited; a name in use is refused', async () => {
  const { db } = await openTestDatabase()
  await seedMenu(db)
  expect(await addProduct(db, lemonTart)).toEqual({ ok: true })
  const added = (await listProducts(db)).at(-1)!
  expect(added).toMatchObject({ ...lemonTart, active: true })

  expect(await addProduct(db, { ...lemonTart, description: 'Again' })).toEqual({
    ok: false,
    error: 'There is already a product called “Lemon Tarts”.',
  })
  expect(await updateProduct(db, added.id, { ...lemonTart, name: 'Cakes' })).toEqual({
    ok: false,
    error: 'There is already a product called “Cakes”.',
  })
  expect(
    await updateProduct(db, added.id, { ...lemonTart, name: 'Lime Tarts', priceFromCents: null }),
  ).toEqual({ ok: true })
  expect((await listProducts(db)).at(-1)).toMatchObject({
    id: added.id,
    name: 'Lime Tarts',
    priceFromCents: null,
  })
  expect((await updateProduct(db, 999_999, lemonTart)).ok).toBe(false)
})

test('products move up and down; at either end they stay', async () => {
  const { db } = await openTestDatabase()
  await seedMenu(db)
  const [cakes, cupcakes] = await listProducts(db)
  const names = async () => (await listProducts(db)).map((product) => product.name)

  await moveProduct(db, cupcakes!.id, 'up')
  expect((await names()).slice(0, 2)).toEqual(['Cupcakes', 'Cakes'])
  await moveProduct(db, cupcakes!.id, 'up')
  expect((await names()).slice(0, 2)).toEqual(['Cupcakes', 'Cakes'])
  await moveProduct(db, cakes!.id, 'down')
  expect((await names()).slice(0, 3)).toEqual([
    'Cupcakes',
    'Chocolate Covered Strawberries',
    'Cakes',
  ])
  const last = (await listProducts(db)).at(-1)!
  await moveProduct(db, last.id, 'down')
  expect((await names()).at(-1)).toBe(last.name)
  expect((await moveProduct(db, 999_999, 'up')).ok).toBe(false)
})

test('a deactivated product leaves the active list and comes back when reactivated', async () => {
  const { db } = await openTestDatabase()
  await seedMenu(db)
  const cakePops = (await listProducts(db)).find((product) => product.name === 'Cake Pops')!
  await setProductActive(db, cakePops.id, false)
  expect((await listActiveProducts(db)).map((product) => product.name)).not.toContain('Cake Pops')
  expect((await listProducts(db)).find((product) => product.id === cakePops.id)?.active).toBe(false)
  await setProductActive(db, cakePops.id, true)
  expect((await listActiveProducts(db)).map((product) => product.name)).toEqual(treatNames)
})
