import type { Page } from '@playwright/test'
import { expect, test, waitForHydration } from './fixtures.ts'

// One menu, changed step by step: these run in order, on the server the gallery's
// journeys use (playwright.config.ts), so no other page's test sees their treats.
test.describe.configure({ mode: 'serial' })

// Every journey here is the owner's: each starts signed in, with the worker's saved session.
test.use({ signedIn: true })

/** Opens a product's edit fields on Settings, as she would, and gives its row. */
async function openProductEdit(page: Page, name: string) {
  const item = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) })
  await item.getByRole('link', { name: `Edit ${name}` }).click()
  return item
}

test('the owner adds a treat with a price; it shows on About and in the order form until deactivated', async ({
  page,
  browser,
}) => {
  // Four pages, two browsers and a deactivation on the gallery's busy server:
  // more than the default budget when the suite's uploads run beside it.
  test.setTimeout(90_000)
  const name = `Lemon Tarts ${Date.now()}`
  await page.goto('/about')
  await page
    .getByRole('navigation', { name: 'Owner' })
    .getByRole('link', { name: 'Settings' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()

  // The new product's fields open on request, ready for her to type.
  await page.getByRole('link', { name: 'Add a product' }).click()
  await expect(page.getByLabel('Name')).toBeFocused()
  const add = page.locator('form', { has: page.getByRole('button', { name: 'Add product' }) })
  await add.getByLabel('Name').fill(name)
  await add.getByLabel('From price ($)').fill('45')
  await add.getByLabel('Short description').fill('Sharp curd in a butter crust.')
  await add.getByLabel('Notice (days)').fill('3')
  await add.getByRole('button', { name: 'Add product' }).click()
  await expect(page.getByText('Product added.')).toBeVisible()
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) })
  await expect(item).toContainText('from $45')
  await expect(item).toContainText('3 days’ notice')

  // A visitor (no session) sees it at once.
  const visitor = await browser.newPage()
  await visitor.goto('/about')
  const card = visitor.getByRole('listitem').filter({ has: visitor.getByRole('heading', { name }) })
  await expect(card).toContainText('from $45')
  await expect(card).toContainText('Sharp curd in a butter crust.')
  // Its card opens the order form with it chosen, its price and notice beside the choice.
  await card.getByRole('link', { name: `Order ${name}` }).click()
  await expect(visitor.getByLabel('Product Type')).toHaveValue(name)
  await expect(visitor.locator('#field-product_type-hint')).toHaveText(
    "From $45 · Needs 3 days' notice",
  )
  await visitor.goto('/ordernow')
  await expect(visitor.getByLabel('Product Type').getByRole('option', { name })).toHaveText(
    `${name} — from $45`,
  )
  await expect(
    visitor.getByLabel('Product Type').getByRole('option', { name: 'Other' }),
  ).toHaveCount(1)

  // Edited: its fields open under it, ready for her to type, and close once saved.
  await item.getByRole('link', { name: `Edit ${name}` }).click()
  await expect(item.getByLabel('Name')).toBeFocused()
  await expect(page.getByRole('button', { name: `Save ${name}` })).toHaveCount(1)
  await item.getByLabel('From price ($)').fill('48')
  await item.getByRole('button', { name: `Save ${name}` }).click()
  await expect(page.getByText('Changes saved.')).toBeVisible()
  await expect(item).toContainText('from $48')
  await expect(item.getByLabel('Name')).toHaveCount(0)
  await visitor.reload()
  await expect(visitor.getByLabel('Product Type').getByRole('option', { name })).toHaveText(
    `${name} — from $48`,
  )

  // Taken off the menu, it disappears for the visitor; Other stays.
  await item.getByRole('button', { name: `Deactivate: ${name}` }).click()
  await expect(page.getByText('Product taken off the menu.')).toBeVisible()
  await expect(item).toContainText('Off the menu')
  await expect(item.getByRole('button', { name: `Reactivate: ${name}` })).toBeVisible()
  await visitor.goto('/about')
  await expect(visitor.getByRole('heading', { name: 'Our Treats' })).toBeVisible()
  await expect(visitor.getByRole('heading', { name })).toHaveCount(0)
  await visitor.goto('/ordernow')
  await expect(visitor.getByLabel('Product Type').getByRole('option', { name })).toHaveCount(0)
  await expect(
    visitor.getByLabel('Product Type').getByRole('option', { name: 'Other' }),
  ).toHaveCount(1)
  await visitor.close()
})

test.describe('refused changes', () => {
  // The browser logs the refused post's status; the page shows the message.
  test.use({ allowedConsoleErrors: [/status of 40\d/] })

  test('a name another product has is answered with its message', async ({ page }) => {
    await page.goto('/admin/settings')
    await page.getByRole('link', { name: 'Add a product' }).click()
    const add = page.locator('form', { has: page.getByRole('button', { name: 'Add product' }) })
    await add.getByLabel('Name').fill('Cakes')
    await add.getByRole('button', { name: 'Add product' }).click()
    await expect(page.getByRole('alert')).toHaveText('There is already a product called “Cakes”.')
  })

  test('a refused edit keeps her fields open as she typed them; Cancel closes them', async ({
    page,
  }) => {
    await page.goto('/admin/settings')
    // Live first: Edit and Cancel tapped while the page starts are plain links that reload it.
    await waitForHydration(page, { intent: false })
    const cakes = await openProductEdit(page, 'Cakes')
    await cakes.getByLabel('Name').fill('Cupcakes')
    await cakes.getByRole('button', { name: 'Save Cakes' }).click()
    await expect(page.getByRole('alert')).toHaveText(
      'There is already a product called “Cupcakes”.',
    )
    // Beside the button she pressed, where she is looking.
    await expect(cakes.getByRole('alert')).toBeInViewport()
    await expect(cakes.getByLabel('Name')).toHaveValue('Cupcakes')
    await cakes.getByRole('link', { name: 'Cancel editing Cakes' }).click()
    await expect(cakes.getByLabel('Name')).toHaveCount(0)
    await expect(cakes.getByRole('link', { name: 'Edit Cakes' })).toBeVisible()
    await expect(cakes.getByRole('heading')).toHaveText('Cakes')
  })
})

test.describe('without JavaScript', () => {
  // The refused save's page comes with its status (409), which the browser logs.
  test.use({ javaScriptEnabled: false, allowedConsoleErrors: [/status of 409/] })

  test('the owner adds and moves a product with the plain forms', async ({ page }) => {
    const name = `Scones ${Date.now()}`
    await page.goto('/admin/settings')
    await page.getByRole('link', { name: 'Add a product' }).click()
    const add = page.locator('form', { has: page.getByRole('button', { name: 'Add product' }) })
    await add.getByLabel('Name').fill(name)
    await add.getByLabel('From price ($)').fill('12.50')
    await add.getByRole('button', { name: 'Add product' }).click()
    await expect(page.getByText('Product added.')).toBeVisible()
    const headings = page.getByRole('listitem').getByRole('heading', { level: 3 })
    await expect(headings.last()).toHaveText(name)
    await page.getByRole('button', { name: `Move up: ${name}` }).click()
    await expect(page.getByText('Menu order changed.')).toBeVisible()
    await expect(headings.last()).not.toHaveText(name)
    await page.getByRole('button', { name: `Deactivate: ${name}` }).click()
    await expect(page.getByRole('button', { name: `Reactivate: ${name}` })).toBeVisible()
    // Edit is a link to the same page with that product's fields open.
    await page.getByRole('link', { name: `Edit ${name}` }).click()
    await expect(page).toHaveURL(/\?edit=\d+#product-\d+$/)
    // A refused save comes back as a new page: on her phone it opens at the
    // reason, beside her fields, not at the top of Settings.
    await page.setViewportSize({ width: 375, height: 740 })
    await page.getByLabel('Name').first().fill('Cakes')
    await page.getByRole('button', { name: `Save ${name}` }).click()
    const refusal = page.getByRole('alert')
    await expect(refusal).toHaveText('There is already a product called “Cakes”.')
    await expect(refusal).toBeInViewport()
    await expect(page.getByRole('button', { name: `Save ${name}` })).toBeInViewport()
    await page.getByLabel('Name').first().fill(name)
    await page.getByLabel('Notice (days)').first().fill('4')
    await page.getByRole('button', { name: `Save ${name}` }).click()
    await expect(page.getByText('Changes saved.')).toBeVisible()
    const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) })
    await expect(item).toContainText('4 days’ notice')
    await expect(page.getByRole('button', { name: `Save ${name}` })).toHaveCount(0)
  })
})

test.describe('without JavaScript', () => {
  // The refusal is a 409 page, which the browser notes.
  test.use({ javaScriptEnabled: false, allowedConsoleErrors: [/status of 409/] })

  test('a refused edit comes back with what she typed, on a page drawn by the server', async ({
    page,
  }) => {
    await page.goto('/admin/settings')
    const cakes = await openProductEdit(page, 'Cakes')
    await cakes.getByLabel('Name').fill('Cupcakes')
    await cakes.getByLabel('Notice (days)').fill('9')
    await cakes.getByRole('button', { name: 'Save Cakes' }).click()
    await expect(cakes.getByRole('alert')).toHaveText(
      'There is already a product called “Cupcakes”.',
    )
    await expect(cakes.getByLabel('Name')).toHaveValue('Cupcakes')
    await expect(cakes.getByLabel('Notice (days)')).toHaveValue('9')
  })
})
