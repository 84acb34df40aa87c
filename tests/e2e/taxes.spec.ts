import { site } from '#app/content/site.ts'
import { todayIn } from '#app/utils/dates.ts'
import { seedBuyNowTreat } from './drops.ts'
import { expect, test, waitForHydration } from './fixtures.ts'
import { photograph, takingPhotographs } from './guide-photos.ts'
import { addDays, mailTo } from './money-journey.ts'
import { shoot } from './shots.ts'

test('the owner sets a tax on her phone; a customer buying her treat sees it on her total, and her order, her page and the owner’s card say the same', async ({
  signInOwner,
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 375, height: 812 })
  const stamp = `${Date.now()}`.slice(-6)
  // Its own treat, rate and class: no other journey's totals change.
  const treat = takingPhotographs ? 'Butter tarts' : `Butter tarts ${stamp}`
  const tax = takingPhotographs ? 'HST' : `HST${stamp}`
  const taxClass = takingPhotographs ? 'Taxable treats' : `Taxable ${stamp}`
  const id = seedBuyNowTreat({ name: treat, priceCents: 1_250 })

  await signInOwner(page)
  await page.goto('/admin/settings')
  await page.getByRole('link', { name: 'Taxes' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Taxes')
  await waitForHydration(page)

  const rates = page.getByRole('region', { name: 'Your rates' })
  const addingRate = rates.getByRole('region', { name: 'Add a rate' })
  await addingRate.getByLabel('Name').fill(tax)
  await addingRate.getByLabel('Rate').fill('13%')
  await addingRate.getByRole('button', { name: 'Add the rate' }).click()
  await expect(rates.getByRole('status')).toHaveText(
    `${tax} 13% added. Put it in a class below to charge it.`,
  )

  // A rate typed wrong is changed in place, in its own small form, which closes once saved,
  // saved unchanged too.
  const ownRate = rates.getByRole('listitem').filter({ hasText: tax })
  const change = ownRate.locator('details[open]')
  for (const [typed, shown] of [
    ['13.5', '13.5%'],
    ['13', '13%'],
    ['13', '13%'],
  ] as const) {
    await ownRate.locator('summary', { hasText: 'Change…' }).click()
    await change.getByLabel('Rate').fill(typed)
    await change.getByRole('button', { name: 'Save' }).click()
    await expect(rates.getByRole('status')).toHaveText(
      `Now ${tax} ${shown}. New quotes and orders charge it; orders already priced keep theirs.`,
    )
    await expect(change).toHaveCount(0)
  }

  const classes = page.getByRole('region', { name: 'Classes of what you sell' })
  const adding = classes.getByRole('region', { name: 'Add a class' })
  await adding.getByLabel('Name').fill(taxClass)
  await adding
    .getByLabel('The rule you follow')
    .fill('Fewer than six single servings: HST applies (CRA GST/HST memorandum 4.3).')
  await adding.getByLabel(`${tax} 13%`).check()
  await adding.getByRole('button', { name: 'Add the class' }).click()
  await expect(classes.getByRole('status')).toHaveText(`${taxClass} added.`)
  await expect(
    classes.getByRole('region', { name: taxClass }).getByLabel(`${tax} 13%`),
  ).toBeChecked()

  const treats = page.getByRole('region', { name: 'Your treats' })
  await treats.getByLabel(treat).selectOption({ label: taxClass })
  await treats.getByRole('button', { name: 'Save the treats’ classes' }).click()
  await expect(treats.getByRole('status')).toContainText('Saved.')
  await expect(treats.getByLabel(treat)).toHaveValue(/\d+/)
  await shoot(page, 'taxes-settings')
  await photograph(classes, '47-tax-classes', testInfo)

  // Her customer: $12.50 with 13% is $14.13, on her total as she orders.
  const email = `tara.${stamp}@example.com`
  const phone = await browser.newPage({ viewport: { width: 375, height: 812 } })
  await phone.goto(`/ordernow/${id}`)
  await waitForHydration(phone)
  await phone.getByLabel('Order Date').fill(addDays(todayIn(site.timeZone), 10))
  const total = phone.getByRole('region', { name: 'Your total' })
  await expect(total).toContainText(`${tax} 13%$1.63`)
  await expect(total).toContainText('Total$14.13')
  await phone.getByLabel('Name').fill('Tara Tart')
  await phone.getByLabel('Email').fill(email)
  await phone.getByLabel('Phone Number').fill('416-555-0104')
  await phone.getByLabel('How did you hear about us?').selectOption('Instagram')
  await phone.getByLabel('Pay at pickup').check()
  await phone.getByLabel('I have read the order policies').check()
  await shoot(phone, 'buy-now-taxed')
  await phone.getByRole('button', { name: 'Order for $14.13' }).click()
  await phone.waitForURL(/\/requests\/[\w-]+$/)
  const charges = phone.getByTestId('charges')
  await expect(charges).toContainText(`${tax} 13%$1.63`)
  await expect(charges).toContainText('Total$14.13')
  const booked = await mailTo(email, /is booked/)
  expect(booked.text).toContain('$14.13')
  await phone.close()

  // The owner's money card reads the same lines.
  await page.goto(`/admin/orders?q=${encodeURIComponent(email)}`)
  await page.getByRole('article', { name: treat }).getByRole('link').first().click()
  await page.waitForURL(/\/admin\/orders\/\d+$/)
  const money = page.getByTestId('money')
  await expect(money).toContainText(`${tax} 13%$1.63`)
  await expect(money).toContainText('Total$14.13')
  await shoot(page, 'order-with-tax')
})
