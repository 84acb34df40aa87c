import type { Page } from '@playwright/test'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { expect, test, waitForHydration } from './fixtures.ts'
import { findMail } from './inbox.ts'

interface OrderInput {
  name: string
  email: string
  phone: string
  product: string
  theme: string
  date: string
  heard: string
  comments?: string
}

function daysFromNow(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000)
  return date.toISOString().slice(0, 10)
}

/** Fills an order; once a treat is in the cart her details are kept, folded into one line. */
async function fillOrder(page: Page, order: OrderInput) {
  const folded = await page.getByTestId('party-line').isVisible()
  if (!folded) {
    await page.getByLabel('Name').fill(order.name)
    await page.getByLabel('Email').fill(order.email)
    await page.getByLabel('Phone Number').fill(order.phone)
  }
  await page.getByLabel('Product Type').selectOption(order.product)
  await page.getByLabel('Event / Theme').fill(order.theme)
  await page.getByLabel('Order Date').fill(order.date)
  if (!folded) await page.getByLabel('How did you hear about us?').selectOption(order.heard)
  if (order.comments) await page.getByLabel('Comments').fill(order.comments)
}

const cartCount = (page: Page) => page.getByTestId('cart-count')

/**
 * The order form with React running: these journeys are about the cart, not
 * about the page before its scripts arrive (hydration.spec.ts is).
 */
async function openOrderForm(page: Page) {
  await page.goto('/ordernow')
  await waitForHydration(page)
}

/** A YYYY-MM-DD date as the page writes it, e.g. 'Saturday, December 12, 2026'. */
const readable = formatCalendarDate

test('guests can queue two orders, remove one, reload, and send the rest', async ({ page }) => {
  const customer = `Ada Okafor ${Date.now()}`
  await openOrderForm(page)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Place a Custom Order')

  await fillOrder(page, {
    name: customer,
    email: 'ada@example.com',
    phone: '647 555 0101',
    product: 'Cakes',
    theme: 'Golden anniversary',
    date: daysFromNow(20),
    heard: 'Word of Mouth',
    comments: 'Two tiers, lemon and raspberry.',
  })
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await expect(cartCount(page)).toHaveText('1')
  // Adding clears the form for the next treat; her details fold into one line.
  await expect(page.getByLabel('Product Type')).toHaveValue('')
  await expect(page.getByTestId('party-line')).toContainText(customer)

  await fillOrder(page, {
    name: customer,
    email: 'ada@example.com',
    phone: '647 555 0101',
    product: 'Cake Pops',
    theme: 'Golden anniversary',
    date: daysFromNow(20),
    heard: 'Word of Mouth',
  })
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await expect(cartCount(page)).toHaveText('2')

  const cartButton = page.getByRole('button', { name: /Your cart/ })
  await cartButton.click()
  await expect(cartButton).toHaveAttribute('aria-expanded', 'true')
  const panel = page.getByRole('region', { name: 'Your Orders' })
  await expect(panel.getByRole('listitem')).toHaveCount(2)
  await panel.getByRole('button', { name: `Remove order 1: Cakes for ${customer}` }).click()
  await expect(panel.getByRole('listitem')).toHaveCount(1)
  await expect(panel.getByRole('listitem')).toContainText('Cake Pops')
  await expect(panel.getByRole('listitem')).toContainText(`Due Date${readable(daysFromNow(20))}`)

  await page.reload()
  await expect(cartCount(page)).toHaveText('1')
  await page.getByRole('button', { name: /Your cart/ }).click()
  await expect(panel.getByRole('listitem')).toContainText('Cake Pops')

  await panel.getByRole('checkbox', { name: 'I have read the order policies' }).check()
  await panel.getByRole('button', { name: 'Send All Orders' }).focus()
  await page.keyboard.press('Enter')
  const thanks = page.getByRole('region', { name: /Thank you, Ada/ })
  await expect(thanks.getByRole('status')).toHaveText('Orders sent successfully!')
  await expect(cartCount(page)).toHaveText('0')
  // The keyboard lands on the news, and nothing is left to send.
  await expect(thanks.getByRole('heading', { name: 'Thank you, Ada!' })).toBeFocused()
  await expect(page.getByRole('button', { name: 'Send All Orders' })).toHaveCount(0)
  await thanks.getByRole('button', { name: 'Start another order' }).click()
  await expect(page.getByLabel('Name')).toBeFocused()
  await page.getByRole('button', { name: /Your cart/ }).click()
  await expect(panel.getByText('Your cart is empty.', { exact: true })).toBeVisible()
  await page.reload()
  await expect(cartCount(page)).toHaveText('0')

  const subject = `1 new order request from ${customer}`
  await expect.poll(() => findMail(subject).then(Boolean), { timeout: 10_000 }).toBe(true)
  const mail = (await findMail(subject))!
  expect(mail.to).toMatchObject({ text: 'owner@butterandbloom.test' })
  expect(mail.replyTo?.value).toEqual([{ name: customer, address: 'ada@example.com' }])
  expect(mail.text).toContain(`Order 1\nName: ${customer}`)
  expect(mail.text).toContain('Product Type: Cake Pops')
  expect(mail.text).toContain('Comments: N/A')
  expect(mail.text).not.toContain('Product Type: Cakes\n')
  expect(mail.text).toContain(`Due Date: ${readable(daysFromNow(20))}`)
})

test('sending an empty cart says so', async ({ page }) => {
  await openOrderForm(page)
  await page.getByRole('button', { name: /Your cart/ }).click()
  const panel = page.getByRole('region', { name: 'Your Orders' })
  await expect(panel.getByText('Your cart is empty.', { exact: true })).toBeVisible()
  await expect(panel.getByRole('status')).toHaveText('')
  await panel.getByRole('button', { name: 'Send All Orders' }).click()
  await expect(panel.getByRole('status')).toHaveText('Your cart is empty.')
})

test('on a phone a long email address wraps inside the cart', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 })
  await openOrderForm(page)
  const email = 'celebrations.and.birthday.parties.for.the.whole.family@sweet-example.com'
  await fillOrder(page, {
    name: 'Long Address',
    email,
    phone: '4165550100',
    product: 'Cupcakes',
    theme: 'Graduation',
    date: daysFromNow(12),
    heard: 'Facebook',
  })
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await page.getByRole('button', { name: /Your cart/ }).click()
  const panel = page.getByRole('region', { name: 'Your Orders' })
  const address = panel.getByText(email)
  await expect(address).toBeVisible()
  const panelBox = (await panel.boundingBox())!
  const addressBox = (await address.boundingBox())!
  expect(panelBox.x + panelBox.width).toBeLessThanOrEqual(375)
  expect(addressBox.x + addressBox.width).toBeLessThanOrEqual(panelBox.x + panelBox.width)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  // It breaks after the @ and before a dot, never inside a word: each piece is on one line.
  const linesPerPiece = await address.evaluate((element) =>
    Array.from(element.childNodes)
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => {
        const range = document.createRange()
        range.selectNodeContents(node)
        return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size
      }),
  )
  expect(linesPerPiece.length).toBeGreaterThan(1)
  expect(linesPerPiece.every((lines) => lines === 1)).toBe(true)
})

const shortDate = (date: string) => readable(date).replace(/, \d{4}$/, '')

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 667 } })

  test('Add to Cart says what was added beside the button, and the next treat asks only for the treat', async ({
    page,
  }) => {
    await openOrderForm(page)
    // One promise of a reply, the same here as after the send.
    await expect(page.locator('.lede')).toContainText('within 2 days')
    await expect(page.locator('.lede')).not.toContainText('within a day')
    const first = daysFromNow(24)
    await fillOrder(page, {
      name: 'Maya Chen',
      email: 'maya@example.com',
      phone: '+1 416 555 0123',
      product: 'Cupcakes',
      theme: 'Birthday picnic',
      date: first,
      heard: 'Instagram',
    })
    await page.getByLabel('Servings or quantity').fill('24 cupcakes')
    const add = page.getByRole('button', { name: 'Add to Cart' })
    await add.click()

    const added = page.getByRole('status').filter({ hasText: 'Added:' })
    await expect(added).toHaveText(`Added: Cupcakes for ${shortDate(first)} · View cart (1)`)
    await expect(added).toBeInViewport()
    await expect(add).toBeInViewport()
    // The form clears for the next treat, as the spec says, and keeps her
    // details in one line: the treat is what she fills next.
    await expect(page.getByLabel('Product Type')).toHaveValue('')
    await expect(page.getByTestId('party-line')).toContainText(
      'For Maya Chen · maya@example.com · 416-555-0123',
    )
    await expect(page.getByLabel('Name')).toBeHidden()

    const second = daysFromNow(25)
    await page.getByLabel('Product Type').selectOption('Cake Pops')
    await page.getByLabel('Event / Theme').fill('Birthday picnic')
    await page.getByLabel('Order Date').fill(second)
    await add.click()
    await expect(added).toHaveText(`Added: Cake Pops for ${shortDate(second)} · View cart (2)`)

    const viewCart = page.getByRole('button', { name: 'View cart (2)' })
    expect((await viewCart.boundingBox())!.height).toBeGreaterThanOrEqual(44)
    await viewCart.click()
    const panel = page.getByRole('region', { name: 'Your Orders' })
    await expect(panel.getByRole('heading', { name: 'Your Orders' })).toBeFocused()
    await expect(panel.getByRole('listitem')).toHaveCount(2)
    // The phone is kept as its ten digits, the same rule as the contact form's, and said once.
    await expect(panel.getByTestId('cart-party')).toContainText('416-555-0123')
    await expect(panel.getByRole('listitem').first()).not.toContainText('416-555-0123')

    // Labels wrap between words or after a slash, never inside a word.
    const labels = panel.locator('.cart-details dt')
    await expect(labels.filter({ hasText: 'Servings/Quantity' })).toHaveCount(1)
    const linesPerPiece = await labels.evaluateAll((elements) =>
      elements.flatMap((element) =>
        Array.from(element.childNodes)
          .filter((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim())
          .flatMap((node) =>
            node.textContent!.split(' ').map((word, index, words) => {
              const range = document.createRange()
              const start = words.slice(0, index).join(' ').length + (index > 0 ? 1 : 0)
              range.setStart(node, start)
              range.setEnd(node, start + word.length)
              return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)))
                .size
            }),
          ),
      ),
    )
    expect(linesPerPiece.length).toBeGreaterThan(10)
    expect(linesPerPiece.every((lines) => lines === 1)).toBe(true)
  })
})

const orderFields = [
  'Name',
  'Email',
  'Phone Number',
  'Product Type',
  'Event / Theme',
  'Order Date',
  'How did you hear about us?',
]

test('an empty order shows every missing field at once, beside the field, and focuses the first', async ({
  page,
}) => {
  await openOrderForm(page)
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  for (const label of orderFields) {
    const field = page.getByLabel(label)
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    // The message is the last of what describes the field (a hint may come first).
    const errorId = (await field.getAttribute('aria-describedby'))!.split(' ').at(-1)
    await expect(page.locator(`[id="${errorId}"]`)).not.toBeEmpty()
  }
  await expect(page.locator('#field-name-error')).toHaveText('Name is required.')
  await expect(page.getByLabel('Name')).toBeFocused()
  await expect(page.getByLabel('Comments')).not.toHaveAttribute('aria-invalid')
  await expect(cartCount(page)).toHaveText('0')
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test.describe('a refused send', () => {
    // The browser notes the 400 that carries the messages.
    test.use({ allowedConsoleErrors: [/status of 400/] })

    test('an order the server refuses comes back as typed, with the message beside its field', async ({
      page,
    }) => {
      await page.goto('/ordernow')
      await fillOrder(page, {
        name: '   ',
        email: 'noscript@example.com',
        phone: '4165550100',
        product: 'Cakes',
        theme: 'Birthday',
        date: daysFromNow(9),
        heard: 'Other',
      })
      await page.getByRole('checkbox', { name: 'I have read the order policies' }).check()
      await page.getByRole('button', { name: 'Add to Cart' }).click()
      await expect(page.locator('#field-name-error')).toHaveText('Name is required.')
      await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true')
      await expect(page.getByRole('status')).toContainText('Error sending orders.')
      // Nothing typed is lost: the visitor fixes the one field and sends again.
      await expect(page.getByLabel('Email')).toHaveValue('noscript@example.com')
      await expect(page.getByLabel('Event / Theme')).toHaveValue('Birthday')
      await expect(page.getByLabel('Order Date')).toHaveValue(daysFromNow(9))
      await expect(page.getByLabel('Product Type')).toHaveValue('Cakes')
      await expect(page.getByLabel('How did you hear about us?')).toHaveValue('Other')
    })
  })

  test('a single order still sends, with the policy tick in the form', async ({ page }) => {
    const name = `No Script Order ${Date.now()}`
    await page.goto('/ordernow')
    await fillOrder(page, {
      name,
      email: 'noscript@example.com',
      phone: '4165550100',
      product: 'Cakes',
      theme: 'Birthday',
      date: daysFromNow(9),
      heard: 'Other',
    })
    await page.getByRole('checkbox', { name: 'I have read the order policies' }).check()
    await page.getByRole('button', { name: 'Add to Cart' }).click()
    await expect(page.getByRole('status')).toHaveText('Orders sent successfully!')
    await expect
      .poll(() => findMail(`1 new order request from ${name}`).then(Boolean), { timeout: 10_000 })
      .toBe(true)
  })
})

test.describe('when the bakery cannot be reached', () => {
  test.use({ allowedConsoleErrors: [/Failed to load resource|ERR_FAILED/] })

  test('the send fails with a message and the cart is kept', async ({ page }) => {
    await openOrderForm(page)
    await fillOrder(page, {
      name: 'Lost Connection',
      email: 'lost@example.com',
      phone: '4165550000',
      product: 'Cupcakes',
      theme: 'Graduation',
      date: daysFromNow(10),
      heard: 'TikTok',
    })
    await page.getByRole('button', { name: 'Add to Cart' }).click()
    await page.route('**/ordernow.data*', (route) => route.abort('connectionfailed'))
    await page.getByRole('button', { name: /Your cart/ }).click()
    const panel = page.getByRole('region', { name: 'Your Orders' })
    await panel.getByRole('checkbox', { name: 'I have read the order policies' }).check()
    await panel.getByRole('button', { name: 'Send All Orders' }).click()
    await expect(panel.getByRole('status')).toContainText('Error sending orders.')
    await expect(cartCount(page)).toHaveText('1')
  })
})

test('the order form offers the treats, the sources and no past dates', async ({ page }) => {
  await openOrderForm(page)
  await expect(page.getByLabel('Product Type').locator('option')).toHaveText([
    'Select a product',
    'Cakes',
    'Cupcakes',
    'Chocolate Covered Strawberries',
    'Cake Pops',
    'Smash Cakes',
    'Hot Chocolate Bombs',
    'Other',
  ])
  const heard = page.getByLabel('How did you hear about us?')
  await expect(heard.locator('option')).toHaveText([
    'Select an option',
    'Instagram',
    'TikTok',
    'Facebook',
    'Word of Mouth',
    'Other',
  ])
  await expect(heard.locator('option', { hasText: 'Select an option' })).toBeDisabled()
  await expect(page.getByLabel('Phone Number')).toHaveAttribute('type', 'tel')
  await expect(page.getByLabel('Phone Number')).not.toHaveAttribute('pattern')
  await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email')
  await expect(page.getByLabel('Comments')).not.toHaveAttribute('required')

  const date = page.getByLabel('Order Date')
  const min = await date.getAttribute('min')
  expect(min).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  const yesterday = new Date(`${min}T12:00:00Z`)
  yesterday.setUTCDate(yesterday.getUTCDate() - 1)
  await fillOrder(page, {
    name: 'Too Late',
    email: 'late@example.com',
    phone: '4165550000',
    product: 'Cakes',
    theme: 'Yesterday',
    date: yesterday.toISOString().slice(0, 10),
    heard: 'Other',
  })
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  expect(await date.evaluate((input: HTMLInputElement) => input.validity.rangeUnderflow)).toBe(true)
  await expect(cartCount(page)).toHaveText('0')
})

test('what the browser lets through, the shared schema still checks before queueing', async ({
  page,
}) => {
  await openOrderForm(page)
  await fillOrder(page, {
    name: '   ',
    email: 'blank@example.com',
    phone: '12',
    product: 'Cakes',
    theme: 'Birthday',
    date: daysFromNow(5),
    heard: 'Instagram',
  })
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await expect(page.getByText('Name is required.')).toBeVisible()
  await expect(page.getByText('Enter a 10-digit phone number, e.g. 416-555-0123.')).toBeVisible()
  await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true')
  await expect(cartCount(page)).toHaveText('0')
})
