import { site } from '#app/content/site.ts'
import { todayIn } from '#app/utils/dates.ts'
import { seedBuyNowTreat, seedOpenDrop } from './drops.ts'
import { expect, test, waitForHydration } from './fixtures.ts'
import { photograph, takingPhotographs } from './guide-photos.ts'
import { addDays, mailTo } from './money-journey.ts'
import { shoot } from './shots.ts'

// A refused code or a total to confirm comes with its status (400, 409), which the browser logs.
test.use({ allowedConsoleErrors: [/status of 40\d/] })

test('the owner makes a discount code on her phone; a customer applies it to her held treats and every page says the same total', async ({
  signInOwner,
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 375, height: 812 })
  const stamp = `${Date.now()}`.slice(-6)
  // The guide's pictures are taken on a fresh server, with the names a bakery would choose.
  const code = takingPhotographs ? 'SPRING15' : `PIE${stamp}`
  await signInOwner(page)
  await page.goto('/admin/customers')
  await page.getByRole('link', { name: 'Discount codes' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Discount codes')
  const form = page.getByRole('region', { name: 'Make a code' })
  await form.getByLabel('Code').fill(code.toLowerCase())
  await form.getByLabel('A percent').check()
  await form.getByLabel('Percent off').fill('15')
  await form.getByLabel('Uses in all').fill('20')
  await form.getByLabel('Once per customer').check()
  await form.getByRole('button', { name: 'Make code' }).click()
  const list = page.getByRole('region', { name: 'Your codes' })
  await expect(list.getByRole('status')).toHaveText(`Code ${code} made.`)
  const row = list.getByTestId('code-row').filter({ hasText: code })
  await expect(row).toContainText('15% off · once per customer')
  await expect(row).toContainText('0 of 20 used')
  await shoot(page, 'discount-codes')
  await photograph(list, '39-discount-codes', testInfo)

  const slug = `pie-code-${stamp}`
  seedOpenDrop({
    slug,
    items: [{ name: 'Apple pie', priceCents: 2_450, stock: 4 }],
    payAtPickup: true,
  })
  const email = `cody.${stamp}@example.com`
  const phone = await browser.newPage({ viewport: { width: 375, height: 812 } })
  await phone.goto(`/drops/${slug}`)
  await waitForHydration(phone)
  await phone.getByLabel('How many Apple pie').fill('2')
  await phone.getByLabel(/10:00/).check()
  await phone.getByLabel('Name').fill('Cody Coupon')
  await phone.getByLabel('Email').fill(email)
  await phone.getByLabel('Phone Number').fill('416-555-0102')
  await phone.getByRole('button', { name: 'Reserve' }).click()
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText('Your treats are held')

  // A mistyped code is told beside the field; the right one shows its line and the new total.
  await phone.getByLabel('Discount code').fill('PIE')
  await phone.getByRole('button', { name: 'Apply' }).click()
  await expect(phone.locator('#hold-code-error')).toHaveText(
    'We do not have a code PIE: check how it is spelled.',
  )
  await phone.getByLabel('Discount code').fill(code.toLowerCase())
  await phone.getByRole('button', { name: 'Apply' }).click()
  // 15% of $49 is $7.35: $41.65 to pay.
  await expect(phone.getByRole('status').filter({ hasText: 'takes' })).toHaveText(
    `Code ${code} takes $7.35 off: your total is $41.65.`,
  )
  const order = phone.getByRole('form', { name: 'Order them' })
  await expect(order.getByTestId('hold-code-line')).toHaveText(`Code ${code} −$7.35`)
  await order.getByLabel('Pay at pickup').check()
  await expect(order.getByText('Bring $41.65 when you collect them.')).toBeVisible()
  await order.getByLabel('I have read the order policies').check()
  await shoot(phone, 'drop-hold-code')
  await order.getByRole('button', { name: 'Order for $41.65' }).click()
  await phone.waitForURL(/\/requests\/[\w-]+$/)
  const charges = phone.getByTestId('charges')
  await expect(charges).toContainText(`Code ${code}−$7.35`)
  await expect(charges).toContainText('Total$41.65')
  const booked = await mailTo(email, /is booked/)
  expect(booked.text).toContain('$41.65')
  await phone.close()

  // Her list counts the use; the order's money card says what the customer's page says.
  await page.reload()
  await expect(row).toContainText('1 of 20 used')
  await page.goto(`/admin/orders?q=${encodeURIComponent(email)}`)
  await page.getByRole('article', { name: 'Saturday bake' }).getByRole('link').first().click()
  await page.waitForURL(/\/admin\/orders\/\d+$/)
  const money = page.getByTestId('money')
  await expect(money).toContainText(`Code ${code}−$7.35`)
  await expect(money).toContainText('Total$41.65')
  await shoot(page, 'order-with-code')
})

test('on her phone a customer applies a code to a treat she buys now: told beside the code, the total shows its line, and her order is made at it', async ({
  signInOwner,
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000)
  const stamp = `${Date.now()}`.slice(-6)
  const code = takingPhotographs ? 'WELCOME' : `LOAF${stamp}`
  const treat = takingPhotographs ? 'Country loaf' : `Country loaf ${stamp}`
  const id = seedBuyNowTreat({ name: treat, priceCents: 1_250 })
  await signInOwner(page)
  await page.goto('/admin/codes')
  const form = page.getByRole('region', { name: 'Make a code' })
  await form.getByLabel('Code').fill(code)
  await form.getByLabel('Amount off ($)').fill('2.50')
  await form.getByRole('button', { name: 'Make code' }).click()
  await expect(page.getByRole('region', { name: 'Your codes' }).getByRole('status')).toHaveText(
    `Code ${code} made.`,
  )

  const email = `lou.${stamp}@example.com`
  const phone = await browser.newPage({ viewport: { width: 375, height: 812 } })
  await phone.goto(`/ordernow/${id}`)
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText(treat)
  await waitForHydration(phone)
  await phone.getByLabel('Order Date').fill(addDays(todayIn(site.timeZone), 10))
  const total = phone.getByRole('region', { name: 'Your total' })
  await expect(total).toContainText('Total$12.50')
  await phone.getByLabel('Discount code').fill(code.toLowerCase())
  await phone.getByRole('button', { name: 'Apply' }).click()
  await expect(phone.getByLabel('Discount code')).toBeFocused()
  await expect(phone.locator('#code-applied')).toHaveText(
    `Code ${code}: $2.50 off, taken off your total.`,
  )
  await expect(total).toContainText(`Code ${code}−$2.50`)
  await expect(total).toContainText('Total$10')
  await phone.getByLabel('Name').fill('Lou Loaf')
  await phone.getByLabel('Email').fill(email)
  await phone.getByLabel('Phone Number').fill('416-555-0103')
  await phone.getByLabel('How did you hear about us?').selectOption('Instagram')
  await phone.getByLabel('Pay at pickup').check()
  await phone.getByLabel('I have read the order policies').check()
  await shoot(phone, 'buy-now-code')
  await photograph(total, '40-buy-now-code', testInfo)
  await phone.getByRole('button', { name: 'Order for $10' }).click()
  await phone.waitForURL(/\/requests\/[\w-]+$/)
  await expect(phone.getByTestId('charges')).toContainText(`Code ${code}−$2.50`)
  await expect(phone.getByTestId('charges')).toContainText('Total$10')
  const booked = await mailTo(email, /is booked/)
  expect(booked.text).toContain('$10')
  await phone.close()
})
