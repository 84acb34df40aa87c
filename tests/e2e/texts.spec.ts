import { site } from '#app/content/site.ts'
import { todayIn } from '#app/utils/dates.ts'
import { type FakeTwilio, startFakeTwilio, twilioReply } from '#tests/support/fake-twilio.ts'
import { seedBuyNowTreat, seedOpenDrop } from './drops.ts'
import { expect, test, waitForHydration } from './fixtures.ts'
import { photograph, takingPhotographs } from './guide-photos.ts'
import { addDays } from './money-journey.ts'
import { shoot } from './shots.ts'
import { seedQuietHours } from './texts-seed.ts'

// One fake Twilio on its one port.
test.describe.configure({ mode: 'serial' })

let twilio: FakeTwilio
test.beforeAll(async () => {
  twilio = await startFakeTwilio({ port: Number(process.env.E2E_FAKE_TWILIO_PORT) })
})
test.afterAll(async () => {
  seedQuietHours(undefined)
  await twilio?.close()
})

// A refused setting answers 400, which the browser logs.
test.use({ allowedConsoleErrors: [/status of 400/] })

test('a customer asks for texts on her order page; the owner sees her yes in the customer book, and her STOP as soon as she sends it', async ({
  signInOwner,
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000)
  const stamp = `${Date.now()}`.slice(-6)
  const treat = takingPhotographs ? 'Seeded rye' : `Seeded rye ${stamp}`
  const email = `tess.${stamp}@example.com`
  // A number of this run's own: consent is a phone's, and other journeys' orders have numbers too.
  const digits = takingPhotographs ? '4165550177' : `416555${stamp.slice(-4)}`
  const written = `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`
  const id = seedBuyNowTreat({ name: treat, priceCents: 1_100 })

  const phone = await browser.newPage({ viewport: { width: 375, height: 812 } })
  await phone.goto(`/ordernow/${id}`)
  await waitForHydration(phone)
  await phone.getByLabel('Order Date').fill(addDays(todayIn(site.timeZone), 10))
  await phone.getByLabel('Name').fill('Tess Rye')
  await phone.getByLabel('Email').fill(email)
  await phone.getByLabel('Phone Number').fill(`(${digits.slice(0, 3)}) ${written.slice(4)}`)
  await phone.getByLabel('How did you hear about us?').selectOption('Instagram')
  await phone.getByLabel('Pay at pickup').check()
  await phone.getByLabel('I have read the order policies').check()
  await phone.getByRole('button', { name: /^Order for/ }).click()
  await phone.waitForURL(/\/requests\/[\w-]+$/)

  // Never ticked for her: she ticks it herself, and is told at once where she looks.
  const panel = phone.getByRole('region', { name: 'Texts about your order' })
  await expect(panel).toContainText(`We can text ${written}`)
  const box = panel.getByRole('checkbox', { name: 'Text me about my order' })
  await expect(box).not.toBeChecked()
  await box.check()
  await panel.getByRole('button', { name: 'Save my choice' }).click()
  await expect(panel.getByRole('status')).toHaveText(
    `Done: we will text ${written} about your order.`,
  )
  await expect(panel).toContainText(`We text ${written} the day before`)
  await expect(box).toBeChecked()
  await shoot(phone, 'texts-order-page', { part: panel })
  await shoot(phone, 'texts-order-page-whole')
  await photograph(panel, '42-texts-order-page', testInfo)

  // The owner's customer book says when and where she said yes.
  await signInOwner(page)
  await page.goto(`/admin/customers?q=${encodeURIComponent(email)}`)
  await page.getByRole('link', { name: 'Tess Rye' }).click()
  const reach = page.getByRole('region', { name: 'How to reach them' })
  await expect(reach).toContainText(
    /Texts about orders: yes since \w{3} \d{1,2}, \d{4} \(her order page, BB-\d{4}\)/,
  )

  // She replies STOP to a text: Twilio posts it, signed, and her consent goes at once.
  const siteUrl = String(testInfo.project.use.baseURL)
  const reply = (token?: string) =>
    fetch(twilioReply(siteUrl, { from: `+1${digits}`, body: 'STOP' }, token))
  expect((await reply('f'.repeat(32))).status).toBe(403)
  expect((await reply()).status).toBe(200)
  await page.reload()
  await expect(reach).toContainText(
    /Texts about orders: stopped \w{3} \d{1,2}, \d{4} \(replied STOP\)/,
  )
  await shoot(page, 'texts-customer-book')
  await phone.reload()
  await expect(box).not.toBeChecked()
  await phone.close()
  // Nothing was sent to her: her order is ten days away.
  expect(twilio.received.filter((text) => text.to === `+1${digits}`)).toEqual([])
})

test('the owner sets her quiet hours, her rate and her monthly limit on her phone; a rate she mistypes is named beside it', async ({
  signInOwner,
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 375, height: 812 })
  await signInOwner(page)
  await page.goto('/admin/settings')
  await page.getByRole('link', { name: 'Texts to your customers' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Texts to your customers')
  await expect(page.getByTestId('texts-this-month')).toContainText('of 200 texts sent')
  await waitForHydration(page)
  const card = page.getByRole('region', { name: 'Quiet hours, cost and limit' })
  await card.getByLabel('What a text costs you').fill('eight tenths of a cent')
  await card.getByRole('button', { name: 'Save' }).click()
  await expect(card.getByText('Write what a text costs you in dollars, like 0.0083.')).toBeVisible()
  await expect(card.getByLabel('What a text costs you')).toHaveValue('eight tenths of a cent')
  await card.getByLabel('What a text costs you').fill('0.0079')
  await card.getByLabel('Quiet from').fill('20:30')
  await card.getByLabel('Most texts a month').fill('150')
  await card.getByRole('button', { name: 'Save' }).click()
  await expect(card.getByRole('status')).toHaveText(
    'Saved: quiet from 20:30 to 08:00, at most 150 texts a month.',
  )
  await page.reload()
  await expect(page.getByTestId('texts-this-month')).toContainText('of 150 texts sent')
  await expect(card.getByLabel('What a text costs you')).toHaveValue('0.0079')
  await photograph(card, '43-texts-settings', testInfo)
  await shoot(page, 'texts-settings')
  // Put back for the next run on the same server.
  await card.getByLabel('Quiet from').fill('21:00')
  await card.getByLabel('Most texts a month').fill('200')
  await card.getByRole('button', { name: 'Save' }).click()
  await expect(card.getByRole('status')).toContainText('at most 200 texts a month')
})

test('a customer asks to hear when a drop opens and says YES from her phone; the owner sees how many and what it costs, and texts them with one tap', async ({
  signInOwner,
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000)
  const stamp = `${Date.now()}`.slice(-6)
  const slug = `texts-bake-${stamp}`
  const dropId = seedOpenDrop({
    slug,
    items: [{ name: 'Cardamom buns', priceCents: 1_600, stock: 12 }],
  })
  const number = `41655${stamp.slice(-5)}`
  // Her opening text goes at once whatever the hour the suite runs.
  seedQuietHours({ from: '00:00', to: '00:00' })

  const phone = await browser.newPage({ viewport: { width: 375, height: 812 } })
  await phone.goto('/drops')
  const signUp = phone.getByRole('region', { name: 'Hear when a drop opens' })
  await signUp.getByLabel('Your mobile number').fill(number)
  await signUp.getByRole('checkbox', { name: 'Text me when a new drop opens' }).check()
  await signUp.getByRole('button', { name: 'Text me' }).click()
  const written = `${number.slice(0, 3)}-${number.slice(3, 6)}-${number.slice(6)}`
  await expect(signUp.getByRole('status')).toHaveText(
    `Almost done: we have texted ${written}. Reply YES to it and you will hear when a drop opens.`,
  )
  await shoot(phone, 'texts-drop-sign-up', { part: signUp })
  // Her phone gets the question at once, and she answers YES.
  await expect
    .poll(() =>
      twilio.received.filter((text) => text.to === `+1${number}`).map((text) => text.body),
    )
    .toEqual([expect.stringContaining('reply YES to get a text when a new drop opens.')])
  const siteUrl = String(testInfo.project.use.baseURL)
  const yes = await fetch(twilioReply(siteUrl, { from: `+1${number}`, body: 'YES' }))
  expect(yes.status).toBe(200)
  await phone.close()

  await page.setViewportSize({ width: 375, height: 812 })
  await signInOwner(page)
  await page.goto(`/admin/drops/${dropId}`)
  const card = page.getByRole('region', { name: 'Texts when it opens' })
  await expect(card.getByTestId('opening-texts-count')).toContainText(
    'asked to hear when a drop opens',
  )
  await expect(card).toContainText(`/drops/${slug}`)
  await waitForHydration(page)
  await card.getByRole('button', { name: 'Text them when it opens' }).click()
  await expect(card.getByRole('status')).toHaveText(/^\d+ texts? goes? now\.$/)
  await expect
    .poll(() => twilio.received.filter((text) => text.to === `+1${number}`).length)
    .toBe(2)
  expect(twilio.received.filter((text) => text.to === `+1${number}`).at(-1)?.body).toContain(
    `/drops/${slug}`,
  )
  await photograph(card, '44-drop-opening-texts', testInfo)
  await shoot(page, 'texts-drop-desk', { part: card })
})
