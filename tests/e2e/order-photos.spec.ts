import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Locator, Page } from '@playwright/test'
import type { AddressObject, ParsedMail } from 'mailparser'
import { EXIF_MARKER, gpsTaggedJpeg } from '#tests/support/images.ts'
import { expect, expectImagesLoaded, test } from './fixtures.ts'
import { receivedMail } from './inbox.ts'

/**
 * A due date of its own, 125 days ahead: inside the booking horizon (180
 * days) and away from the days other journeys fill.
 */
function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}

/** Screenshots for people to look at, at a phone's and a desktop's width, when SHOTS_DIR is set. */
async function screenshots(page: Page, name: string, part?: Locator) {
  const dir = process.env.SHOTS_DIR
  const size = page.viewportSize()!
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow, `${name} scrolls sideways at ${width}px`).toBeLessThanOrEqual(0)
    if (!dir) continue
    mkdirSync(dir, { recursive: true })
    const file = path.join(dir, `${name}-${width}.png`)
    if (part) await part.screenshot({ path: file })
    else await page.screenshot({ path: file, fullPage: true })
  }
  await page.setViewportSize(size)
}

const addressesOf = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((to) =>
    to.value.map((mailbox) => mailbox.address?.toLowerCase()),
  )

/** The confirmation the test SMTP server received for this address, once it has arrived. */
async function confirmationFor(email: string): Promise<ParsedMail> {
  const find = async () =>
    (await receivedMail()).filter((mail) => addressesOf(mail.to).includes(email))
  await expect.poll(async () => (await find()).length, { timeout: 15_000 }).toBe(1)
  return (await find())[0]!
}

test('inspiration photos go from the order form through the cart to the customer’s page and the owner’s inbox', async ({
  signInOwner,
  page,
  request,
}) => {
  test.slow()
  // Every run from an address of its own, so the upload and order rate limits never decide it.
  await page.setExtraHTTPHeaders({
    'x-forwarded-for': `192.0.2.${1 + Math.floor(Math.random() * 254)}`,
  })
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e4)}`
  const customer = { name: `Mina Haddad ${stamp}`, email: `mina.${stamp}@example.com` }
  const photo = async (name: string) => ({
    name,
    mimeType: 'image/jpeg',
    buffer: await gpsTaggedJpeg({ width: 800, height: 600 }),
  })

  // 1. The order form, with photos chosen, one taken back and another added.
  await page.goto('/ordernow')
  await page.getByLabel('Name').fill(customer.name)
  await page.getByLabel('Email').fill(customer.email)
  await page.getByLabel('Phone Number').fill('416 555 0142')
  await page.getByLabel('Product Type').selectOption('Cakes')
  await page.getByLabel('Event / Theme').fill(`Garden party ${stamp}`)
  await page.getByLabel('Order Date').fill(daysFromNow(125))
  await page.getByLabel('How did you hear about us?').selectOption('Instagram')
  await page.getByLabel('Comments').fill('Pressed flowers, like the photos.')

  // The picker appears once the page has hydrated.
  const picker = page.getByLabel(/^Inspiration photos \(optional/)
  await picker.setInputFiles([await photo('party-1.jpg'), await photo('party-2.jpg')])
  const previews = page.getByRole('list', { name: 'Your inspiration photos' }).getByRole('img')
  await expect(previews).toHaveCount(2)
  await expect(page.getByText('2 photos added. You can add 1 more.')).toBeVisible()
  const keyInputs = page.locator('input[type="hidden"][name="inspiration_photos"]')
  const [firstKey, secondKey] = await keyInputs.evaluateAll((inputs: HTMLInputElement[]) =>
    inputs.map((input) => input.value),
  )

  await page.getByRole('button', { name: 'Remove photo 1' }).click()
  await expect(previews).toHaveCount(1)
  await expect(page.getByText('Photo 1 removed.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Remove photo 1' })).toBeFocused()
  await picker.setInputFiles(await photo('party-3.jpg'))
  await expect(previews).toHaveCount(2)
  await expect(page.getByText('Photo added. You can add 1 more.')).toBeVisible()
  const keys = await keyInputs.evaluateAll((inputs: HTMLInputElement[]) =>
    inputs.map((input) => input.value),
  )
  expect(keys).toHaveLength(2)
  expect(keys[0]).toBe(secondKey)
  expect(keys).not.toContain(firstKey)
  for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/)
  await expectImagesLoaded(previews)
  await screenshots(page, 'order-form-photos')

  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await expect(page.getByTestId('cart-count')).toHaveText('1')
  // The form is cleared for the next order, photos and what was said about them included.
  await expect(previews).toHaveCount(0)
  await expect(page.getByText('Photo added. You can add 1 more.')).toHaveCount(0)

  const cartButton = page.getByRole('button', { name: /Your cart/ })
  const panel = page.getByRole('region', { name: 'Your Orders' })
  const cartPhotos = panel
    .getByRole('list', { name: 'Inspiration photos for order 1' })
    .getByRole('img')
  await cartButton.click()
  await expect(cartPhotos).toHaveCount(2)
  await expect(cartPhotos.first()).toHaveAccessibleName('Inspiration 1 of 2')
  await expectImagesLoaded(cartPhotos)
  await screenshots(page, 'cart-photos')

  // 2. A reload keeps the order and its photos.
  await page.reload()
  await expect(page.getByTestId('cart-count')).toHaveText('1')
  await cartButton.click()
  await expect(panel.getByRole('listitem').filter({ hasText: 'Order 1: Cakes' })).toBeVisible()
  await expect(cartPhotos).toHaveCount(2)
  await expectImagesLoaded(cartPhotos)

  // 3. The send.
  await panel.getByRole('checkbox', { name: 'I have read the order policies' }).check()
  await panel.getByRole('button', { name: 'Send All Orders' }).click()
  const thanks = page.getByRole('region', { name: /Thank you, Mina/ })
  await expect(thanks.getByRole('status')).toHaveText('Orders sent successfully!')
  await expect(page.getByTestId('cart-count')).toHaveText('0')

  // 4. The customer's private page shows the photos, served only under their own link.
  const mail = await confirmationFor(customer.email)
  const link = mail.text?.match(/http:\/\/localhost:\d+\/requests\/[A-Za-z0-9_-]{24}\b/)?.[0]
  expect(link, 'the private link in the confirmation').toBeTruthy()
  const requestPath = new URL(link!).pathname
  await page.goto(requestPath)
  const article = page.getByRole('article', { name: 'Cakes' })
  await expect(article).toContainText(`Garden party ${stamp}`)
  await expect(article.getByRole('heading', { name: 'Your inspiration photos' })).toBeVisible()
  const shown = article.getByRole('img', { name: 'Inspiration you sent with this order' })
  await expect(shown).toHaveCount(2)
  const sources = await shown.evaluateAll((images: HTMLImageElement[]) =>
    images.map((image) => image.getAttribute('src')),
  )
  expect(sources.toSorted()).toEqual(keys.map((key) => `${requestPath}/photos/${key}`).toSorted())
  await expectImagesLoaded(shown)
  for (const source of sources) {
    const response = await page.request.get(source!)
    expect(response.status(), source!).toBe(200)
    expect(response.headers()['content-type']).toMatch(/^image\//)
    expect(response.headers()['cache-control']).toBe('private, no-store')
    const body = await response.body()
    expect(body.length).toBeGreaterThan(0)
    expect(body.includes(EXIF_MARKER), 'the photo still carries its EXIF').toBe(false)
  }
  await screenshots(page, 'request-status-photos')

  for (const key of keys) {
    for (const elsewhere of [
      `/requests/AAAAAAAAAAAAAAAAAAAAAAAA/photos/${key}`,
      `/admin/photos/${key}`,
      `/media/inspiration/${key}-400w.jpg`,
      `/media/inspiration/${key}-800w.webp`,
      `/media/inspiration/${key}`,
    ]) {
      expect((await request.get(elsewhere)).status(), elsewhere).toBe(404)
    }
  }

  // 5. The owner sees the order in the order book, with thumbnails that open the full photos.
  await signInOwner(page)
  await page.goto(`/admin/orders?q=${encodeURIComponent(customer.email)}`)
  await expect(page.getByRole('article').filter({ hasText: `Garden party ${stamp}` })).toHaveCount(
    1,
  )
  await page.getByRole('link', { name: 'Cakes' }).click()
  const order = page.getByRole('region', { name: 'Customer', exact: true })
  const thumbnails = order.getByRole('list', { name: 'Inspiration photos' })
  await expect(thumbnails.getByRole('img')).toHaveCount(2)
  await expect(
    thumbnails.getByRole('link', { name: 'Inspiration 1 of 2, full size' }),
  ).toBeVisible()
  const hrefs = await thumbnails
    .getByRole('link')
    .evaluateAll((links: HTMLAnchorElement[]) => links.map((link) => link.getAttribute('href')))
  expect(hrefs.toSorted()).toEqual(keys.map((key) => `/admin/photos/${key}`).toSorted())
  await expectImagesLoaded(thumbnails.getByRole('img'))
  for (const href of hrefs) {
    const response = await page.request.get(href!)
    expect(response.status(), href!).toBe(200)
    expect(response.headers()['content-type']).toBe('image/jpeg')
    expect((await response.body()).includes(EXIF_MARKER)).toBe(false)
  }
  // The keyboard reaches each thumbnail, right after the customer's phone number.
  await order.getByRole('link', { name: '416-555-0142' }).focus()
  await page.keyboard.press('Tab')
  await expect(thumbnails.getByRole('link').first()).toBeFocused()
  await screenshots(page, 'inbox-photos', order)
})
