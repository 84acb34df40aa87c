import path from 'node:path'
import SQLite from 'better-sqlite3'
import { site } from '#app/content/site.ts'
import { formatCalendarDate, todayIn } from '#app/utils/dates.ts'
import { photoJpeg } from '#tests/support/images.ts'
import { OWNER, expect, expectImagesLoaded, test, waitForHydration } from './fixtures.ts'
import { addDays, journeyCustomer, mailTo, openOrderOf, sendCakeRequest } from './money-journey.ts'
import { shoot } from './shots.ts'

test.use({ viewport: { width: 375, height: 812 } })

/** Time passes: her order is now due tomorrow, so it is on Today's bake list. */
function dueTomorrow(email: string) {
  const db = new SQLite(path.join(process.env.E2E_DATA_DIR!, 'bakery.sqlite'))
  try {
    db.pragma('busy_timeout = 5000')
    db.prepare('UPDATE order_request SET due_date = ? WHERE email = ?').run(
      addDays(todayIn(site.timeZone), 1),
      email,
    )
  } finally {
    db.close()
  }
}

test('the owner sends a proof from her phone; the customer asks for a change, then approves round two; the approved design shows on Today and the order page', async ({
  signInOwner,
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000)
  const { stamp, customer, today, due } = journeyCustomer('Polly Proof', 150)
  const link = await sendCakeRequest(page, baseURL!, {
    customer,
    stamp,
    due,
    theme: 'Garden wedding',
    phone: '416-555-0144',
  })
  const images = [
    {
      name: 'front.jpg',
      mimeType: 'image/jpeg',
      buffer: await photoJpeg({ width: 900, height: 700 }),
    },
    {
      name: 'top.jpg',
      mimeType: 'image/jpeg',
      buffer: await photoJpeg({ width: 700, height: 900 }),
    },
  ]

  // On her phone, the owner opens the request: a proof card with its form.
  await signInOwner(page)
  await openOrderOf(page, customer.email)
  await waitForHydration(page)
  const card = page.getByRole('region', { name: 'Design proof' })
  await expect(card).toContainText('No proof sent yet. 2 rounds of changes included.')
  const send = card.getByRole('button', { name: 'Send a proof' })
  const box = (await send.boundingBox())!
  expect(box.height).toBeGreaterThanOrEqual(44)
  await card.getByLabel('Images of the design').setInputFiles(images)
  await card.getByLabel(/Note to the customer/).fill('Two tiers, white peonies on top.')
  await shoot(page, 'proofs-owner-form', { part: card })
  await send.click()
  await expect(card).toContainText('Proof 1 sent; the customer is emailed a link to see it.')
  await expect(card).toContainText('1 of 2 rounds sent. Waiting for the customer’s answer.')
  await expect(card.getByRole('list', { name: 'Proof 1 images' }).getByRole('img')).toHaveCount(2)
  await expect(page.getByTestId('timeline')).toContainText('Proof 1 sent (2 images).')

  // Her email links to her page; her page works without JavaScript.
  const first = await mailTo(customer.email, /^Your design proof is ready/)
  expect(first.text).toContain(link)
  expect(first.text).toContain('Two tiers, white peonies on top.')
  const herContext = await browser.newContext({
    viewport: { width: 375, height: 812 },
    javaScriptEnabled: false,
  })
  const her = await herContext.newPage()
  await her.goto(link)
  const proof = her.getByTestId('customer-proof')
  await expect(proof).toContainText('Your design proof · proof 1')
  await expect(proof).toContainText('Two tiers, white peonies on top.')
  const herImages = proof.getByRole('list', { name: 'Proof 1 images' }).getByRole('img')
  await expect(herImages).toHaveCount(2)
  // Her images load through her link, privately.
  const src = await herImages.first().getAttribute('src')
  expect(src).toMatch(/^\/requests\/[A-Za-z0-9_-]+\/proofs\/[A-Za-z0-9_-]+\?w=800$/)
  const image = await her.request.get(src!)
  expect(image.status()).toBe(200)
  expect(image.headers()['cache-control']).toBe('private, no-store')
  await expect(proof.getByRole('button', { name: 'Approve this design' })).toBeVisible()
  await proof.getByLabel('What would you like changed?').fill('Blush pink peonies, please.')
  await shoot(her, 'proofs-customer-page')
  await proof.getByRole('button', { name: 'Ask for a change' }).click()
  await expect(her.getByTestId('customer-proof')).toContainText('Your change is with the bakery')
  await expect(her.getByTestId('customer-proof')).toContainText(
    'You asked for a change: “Blush pink peonies, please.”',
  )
  const change = await mailTo(OWNER.email, new RegExp(`^${customer.name} asked for a change`))
  expect(change.text).toContain('Blush pink peonies, please.')

  // The proof image is the owner's and hers: a stranger gets nothing.
  const stranger = await browser.newContext()
  const anonymous = await stranger.request.get(
    `${baseURL}${src!.replace(/\/requests\/[^/]+/, '/requests/AAAAAAAAAAAAAAAAAAAAAAAA')}`,
  )
  expect(anonymous.status()).toBe(404)
  const key = src!.split('/').at(-1)!.split('?')[0]!
  expect((await stranger.request.get(`${baseURL}/admin/proofs/${key}`)).status()).toBe(401)
  await stranger.close()

  // The owner sees the change and sends round two: the last included.
  await page.reload()
  await waitForHydration(page)
  await expect(card).toContainText('Change asked')
  await expect(card).toContainText('“Blush pink peonies, please.”')
  await card.getByLabel('Images of the design').setInputFiles(images.slice(0, 1))
  await card.getByLabel(/Note to the customer/).fill('Now with blush peonies.')
  await card.getByRole('button', { name: 'Send a proof' }).click()
  await expect(card).toContainText('Proof 2 sent; the customer is emailed a link to see it.')
  await expect(card).toContainText('2 of 2 rounds sent: the rounds included are used up.')
  await expect(card.getByLabel(/Send one more round anyway/)).toBeVisible()

  const second = await mailTo(customer.email, /^Your updated design proof is ready/)
  expect(second.text).toContain(link)
  await her.goto(link)
  await expect(proof).toContainText('Your design proof · proof 2')
  await expect(her.getByTestId('proof-rounds-used-up')).toContainText('contact the bakery')
  await expect(proof.getByLabel('What would you like changed?')).toHaveCount(0)
  await proof.getByRole('button', { name: 'Approve this design' }).click()
  await expect(her.getByTestId('customer-proof')).toContainText(
    'You approved this design, and we have let the bakery know.',
  )
  await expect(her.getByTestId('customer-proof')).toContainText(
    `You approved this design on ${formatCalendarDate(today)}.`,
  )
  await expect(her.getByRole('button', { name: 'Approve this design' })).toHaveCount(0)
  await mailTo(OWNER.email, new RegExp(`^${customer.name} approved the design`))
  // One email for each step, no more.
  expect((await mailTo(customer.email, /^Your design proof is ready/)).subject).toBeTruthy()
  await herContext.close()

  // The order page shows the approved design, and no form any more.
  await page.reload()
  const approved = card.getByTestId('approved-proof')
  await expect(approved).toContainText(`Approved ${formatCalendarDate(today)}`)
  await expect(approved.getByRole('img')).toBeVisible()
  await expect(card.getByRole('button', { name: 'Send a proof' })).toHaveCount(0)
  await expect(page.getByTestId('timeline')).toContainText('Approved proof 2.')
  await shoot(page, 'proofs-owner-approved', { part: card })

  // Due tomorrow, the approved design is on Today's bake list.
  dueTomorrow(customer.email)
  await page.goto('/admin')
  const item = page.locator('#tomorrow-bake-list li').filter({ hasText: customer.name })
  await expect(item.getByTestId('approved-proof')).toContainText(
    `Approved ${formatCalendarDate(today)}`,
  )
  const thumbnail = item.getByTestId('approved-proof').getByRole('img')
  await expect(thumbnail).toBeVisible()
  await expectImagesLoaded(thumbnail)
  await item.scrollIntoViewIfNeeded()
  await shoot(page, 'proofs-today', { part: page.locator('#tomorrow-bake-list') })
})
