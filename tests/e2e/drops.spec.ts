import { seedOpenDrop } from './drops.ts'
import { expect, test, waitForHydration } from './fixtures.ts'
import { mailTo } from './money-journey.ts'
import { shoot } from './shots.ts'

// The browser notes the reservation refused with 409 (what is left comes with it).
test.use({ allowedConsoleErrors: [/status of 409/] })

test('on her phone a customer asks for more than is left, is told in view, reserves, takes more time and lets her treats go', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 })
  const slug = `saturday-${Date.now()}`
  seedOpenDrop({
    slug,
    items: [
      { name: 'Sourdough loaf', priceCents: 900, stock: 3 },
      { name: 'Cinnamon buns (6)', priceCents: 1800, stock: 5 },
    ],
  })
  await page.goto(`/drops/${slug}`)
  await waitForHydration(page)
  await expect(page.getByText('3 left')).toBeVisible()
  // Four loaves of three: typed past the field's own maximum, as a stale page would send it.
  const loaves = page.getByLabel('How many Sourdough loaf')
  await loaves.evaluate((input: HTMLInputElement) => input.removeAttribute('max'))
  await loaves.fill('4')
  await page.getByLabel(/10:00/).check()
  await page.getByLabel('Name').fill('Ada Okafor')
  await page.getByLabel('Email').fill('ada.drops@example.com')
  await page.getByLabel('Phone Number').fill('416-555-0100')
  await page.getByRole('button', { name: 'Reserve' }).click()
  const problems = page.getByRole('alert')
  await expect(problems).toContainText('Sourdough loaf: only 3 left.')
  await expect(problems).toBeFocused()
  await expect(problems).toBeInViewport()

  await loaves.fill('2')
  await page.getByLabel('How many Cinnamon buns (6)').fill('1')
  await page.getByRole('button', { name: 'Reserve' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your treats are held')
  await expect(page.getByText('2 × Sourdough loaf')).toBeVisible()
  await expect(page.getByText('Total')).toBeVisible()
  await expect(page.locator('.hold-total')).toContainText('$36')
  // The minutes count down once React runs.
  await expect(page.getByText(/\d:\d\d left/)).toBeVisible()

  await page.getByRole('button', { name: /More time/ }).click()
  await expect(page.getByRole('status')).toContainText('Held until')
  await expect(page.getByRole('status')).toBeInViewport()

  await page.getByRole('button', { name: 'Let them go' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your treats are back on sale')
  await page.getByRole('link', { name: 'Back to Saturday bake' }).click()
  await expect(page.getByText('3 left')).toBeVisible()
})

test('without scripts on her phone a customer reserves and books her treats to pay at pickup: the order is confirmed on her own page and emailed', async ({
  browser,
}) => {
  const slug = `pickup-${Date.now()}`
  seedOpenDrop({
    slug,
    items: [{ name: 'Apple pie', priceCents: 2400, stock: 4 }],
    payAtPickup: true,
  })
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e6)}`
  const email = `paula.${stamp}@example.com`
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    javaScriptEnabled: false,
  })
  const page = await context.newPage()
  await page.goto(`/drops/${slug}`)
  await page.getByLabel('How many Apple pie').fill('2')
  await page.getByLabel(/10:00/).check()
  await page.getByLabel('Name').fill('Paula Pickup')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Phone Number').fill('416-555-0101')
  await page.getByRole('button', { name: 'Reserve' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your treats are held')

  // Card first, pay at pickup beside it; the policies are ticked as on any order.
  const order = page.getByRole('form', { name: 'Order them' })
  await expect(order.getByLabel('Pay by card now')).toBeChecked()
  await order.getByLabel('Pay at pickup').check()
  await expect(order.getByText('Bring $48 when you collect them.')).toBeVisible()
  await order.getByLabel('I have read the order policies').check()
  await shoot(page, 'drop-hold-order')
  await order.getByRole('button', { name: 'Order for $48' }).click()

  await page.waitForURL(/\/requests\/[\w-]+$/)
  await expect(page.getByTestId('request-status')).toHaveText('Status: Confirmed')
  await expect(page.getByText('2 × Apple pie').first()).toBeVisible()
  await shoot(page, 'drop-order-customer-page')
  const booked = await mailTo(email, /is booked/)
  expect(booked.text).toContain('$48')
  await context.close()
})

test('a customer waits for a sold-out loaf; when it is let go it is offered to her by email within a minute, kept for her, and she reserves it through the link', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 375, height: 812 })
  const slug = `waitlist-${Date.now()}`
  seedOpenDrop({ slug, items: [{ name: 'Sourdough loaf', priceCents: 900, stock: 1 }] })
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e6)}`

  // Ada holds the only loaf.
  const ada = await browser.newPage({ viewport: { width: 375, height: 812 } })
  await ada.goto(`${test.info().project.use.baseURL}/drops/${slug}`)
  await ada.getByLabel('How many Sourdough loaf').fill('1')
  await ada.getByLabel(/10:00/).check()
  await ada.getByLabel('Name').fill('Ada Hold')
  await ada.getByLabel('Email').fill(`ada.${stamp}@example.com`)
  await ada.getByLabel('Phone Number').fill('416-555-0103')
  await ada.getByRole('button', { name: 'Reserve' }).click()
  await expect(ada.getByRole('heading', { level: 1 })).toHaveText('Your treats are held')

  // Bea finds it sold out and asks to be told.
  const email = `bea.${stamp}@example.com`
  await page.goto(`/drops/${slug}`)
  await waitForHydration(page)
  await expect(page.getByText('Sold out', { exact: false }).first()).toBeVisible()
  const wait = page.getByRole('form', { name: 'Waitlist for Sourdough loaf' })
  await wait.getByLabel('Sourdough loaf: your email').fill(email)
  await wait.getByRole('button', { name: 'Tell me' }).click()
  await expect(wait.getByRole('status')).toContainText(
    'You are on the waitlist for Sourdough loaf.',
  )
  await expect(wait.getByRole('status')).toBeInViewport()
  await shoot(page, 'drop-waitlist-joined')

  // Ada lets it go; the site offers it to Bea within a minute.
  await ada.getByRole('button', { name: 'Let them go' }).click()
  await expect(ada.getByRole('heading', { level: 1 })).toHaveText('Your treats are back on sale')
  await ada.close()
  const offer = await mailTo(email, /^It came free: Sourdough loaf/, { timeout: 75_000 })
  const link = /Reserve it: (\S+)/.exec(offer.text ?? '')![1]!

  // Kept for her: others see it sold out, her link shows it chosen for her.
  await page.goto(link)
  await expect(page.getByRole('status').first()).toContainText('Kept for you until')
  await expect(page.getByLabel('How many Sourdough loaf')).toHaveValue('1')
  await page.getByLabel(/10:00/).check()
  await page.getByLabel('Name').fill('Bea Wait')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Phone Number').fill('416-555-0104')
  await shoot(page, 'drop-waitlist-claim')
  await page.getByRole('button', { name: 'Reserve' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your treats are held')
  await expect(page.getByText('1 × Sourdough loaf')).toBeVisible()
})
