import { readFile } from 'node:fs/promises'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { pdfText } from '#tests/support/pdf-text.ts'
import { expect, pageAddress, test, waitForHydration } from './fixtures.ts'
import { photograph, photographBetween, photographTall, takingPhotographs } from './guide-photos.ts'
import {
  journeyCustomer,
  openOrderOf,
  recordPayment,
  sendCakeRequest,
  sendQuote,
} from './money-journey.ts'
import { shoot } from './shots.ts'

// A refused form answers 400, which the browser notes; a refused delete 409.
test.use({ allowedConsoleErrors: [/status of 40[09]/] })
// The owner's guide's kitchen pictures are taken on this walk, as sharp as the rest of the guide's.
test.use({ deviceScaleFactor: takingPhotographs ? 2 : 1 })

test('on her phone the owner adds what she buys and a recipe, sees what a batch costs her, and her rate moves it', async ({
  signInOwner,
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000)
  await page.setViewportSize({ width: 375, height: 812 })
  const stamp = `${Date.now()}`.slice(-6)
  // Names of their own on the shared server; plain ones in the guide's pictures, on a fresh one.
  const named = (word: string) => (takingPhotographs ? word : `${word} ${stamp}`)
  const flour = named('Flour')
  const butter = named('Butter')
  const shortbread = named('Shortbread')
  await signInOwner(page)
  await page.goto('/admin')
  await page
    .getByRole('navigation', { name: 'Owner' })
    .getByRole('link', { name: 'Kitchen' })
    .click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kitchen')
  await waitForHydration(page, { intent: false })

  const addIngredient = async (
    name: string,
    pack: [string, string, string],
    allergen: string,
    density = '',
  ) => {
    await page.goto('/admin/kitchen')
    await page.getByRole('link', { name: 'New ingredient' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('New ingredient')
    await page.getByLabel('Name').fill(name)
    await page.getByLabel('Pack size').fill(pack[0])
    await page.getByLabel('Unit').selectOption(pack[1])
    await page.getByLabel(/^Price/).fill(pack[2])
    if (density) await page.getByLabel(/Grams per millilitre/).fill(density)
    await page.getByRole('checkbox', { name: allergen }).check()
    await page.getByRole('button', { name: 'Add ingredient' }).click()
    await expect(page).toHaveURL(/\/admin\/kitchen\?saved=ingredient-\d+#ingredient-\d+$/)
  }
  await addIngredient(flour, ['2.5', 'kg', '8.99'], 'Wheat', '0.53')
  const flourCard = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: flour }) })
  await expect(flourCard.getByRole('status')).toHaveText('Saved.')
  await expect(flourCard.getByRole('status')).toBeFocused()
  await expect(flourCard).toContainText('2.5 kg for $8.99')
  await expect(flourCard).toContainText('Contains: Wheat')
  await addIngredient(butter, ['454', 'g', '6.99'], 'Milk')

  // A recipe: an amount no one can read is refused beside its field, her lines kept.
  await page.getByRole('link', { name: 'New recipe' }).click()
  await page.getByLabel('Name').fill(shortbread)
  await page.getByLabel('One batch makes').fill('24')
  await page.getByLabel('Unit', { exact: true }).first().selectOption('each')
  await page.getByLabel('Your minutes').fill('40')
  await page.getByLabel(/^Packaging/).fill('1.50')
  await page.getByLabel('Line 1').selectOption({ label: `${flour} (bought in kg)` })
  await page.getByLabel('Amount').first().fill('two cups')
  await page.locator('[name="line.0.unit"]').selectOption('cup')
  await page.getByLabel('Line 2').selectOption({ label: `${butter} (bought in g)` })
  await page.getByLabel('Amount').nth(1).fill('1')
  await page.locator('[name="line.1.unit"]').selectOption('lb')
  await page.getByRole('button', { name: 'Add recipe' }).click()
  await expect(page.locator('#field-line\\.0\\.amount-error')).toHaveText(
    'The amount must be a number like 2, 1.5 or 1 1/2.',
  )
  await expect(page.getByLabel('Amount').first()).toBeFocused()
  await expect(page.getByLabel('Line 2')).toHaveValue(/ingredient:\d+/)
  await page.getByLabel('Amount').first().fill('2 1/4')
  await shoot(page, 'kitchen-recipe-form')
  await page.getByRole('button', { name: 'Add recipe' }).click()
  await expect(page).toHaveURL(/saved=recipe-\d+/)

  // 2¼ cups of flour at 0.53 g/ml and a pound of butter: $8.00; packaging $1.50; 40 minutes at $20.
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: shortbread }) })
  await expect(card.getByRole('status')).toBeFocused()
  await expect(card.getByTestId('recipe-cost')).toHaveText('$22.83')
  await expect(card).toContainText('$0.95 a piece')
  await expect(card).toContainText('Contains: Milk, Wheat')
  await shoot(page, 'kitchen')
  await photograph(card, '31-kitchen-recipe', testInfo)

  // Her rate: $30 an hour makes her 40 minutes $20.
  const rates = page.getByRole('region', { name: 'Your time and margin' })
  await rates.getByLabel(/Your hourly rate/).fill('30')
  await rates.getByRole('button', { name: 'Save' }).click()
  await expect(rates.getByRole('status')).toHaveText(
    'Saved: every cost and margin now counts your time at this rate.',
  )
  await expect(rates.getByRole('status')).toBeFocused()
  await expect(card.getByTestId('recipe-cost')).toHaveText('$29.50')

  // Cakes are made of two batches of it; a booked cake puts it on the prep sheet and the shopping list.
  await page.getByRole('link', { name: 'What you sell' }).click()
  const cakes = page.getByTestId('sold-row').filter({ hasText: 'Cakes' }).first()
  await cakes.getByLabel('Recipe 1').selectOption({ label: shortbread })
  await cakes.getByLabel('Batches').first().fill('2')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('status')).toHaveText('Saved: the costs below count these recipes.')
  await expect(page.getByRole('status')).toBeFocused()
  await expect(cakes.getByTestId('sold-cost')).toHaveText('Costs you $59')
  await shoot(page, 'kitchen-sold', { part: cakes })
  await photograph(cakes, '32-kitchen-what-you-sell', testInfo)
  const { customer, due } = journeyCustomer('Kit Chen', 150)
  const link = await sendCakeRequest(page, baseURL!, { customer, stamp, due, theme: 'Tea party' })
  // Her quote form says what the cake costs her, and what each price she types leaves her.
  await openOrderOf(page, customer.email)
  const quote = page.getByRole('region', { name: 'Send a quote' })
  await quote.getByLabel('Price ($)').fill('60')
  await expect(quote.getByTestId('margin-note')).toHaveText(
    `Costs you $59 (${shortbread} × 2). Leaves $1 (1%), $30.75 an hour: under the 30% you aim for.`,
  )
  await quote.getByLabel('Price ($)').fill('120')
  await expect(quote.getByTestId('margin-note')).toHaveText(
    `Costs you $59 (${shortbread} × 2). Leaves $61 (50%), $75.75 an hour.`,
  )
  await shoot(page, 'kitchen-quote-margin', { part: quote })
  await photographBetween(
    page,
    quote,
    quote.getByTestId('margin-note'),
    '33-quote-margin',
    testInfo,
  )
  await sendQuote(page, { price: '120', deposit: '40' })
  const orderUrl = pageAddress(page)
  const shopper = await browser.newPage()
  await shopper.goto(link)
  await shopper.getByRole('button', { name: 'Accept quote' }).click()
  await expect(shopper.getByText('Quote accepted')).toBeVisible()
  await shopper.close()
  await page.goto(orderUrl)
  await recordPayment(page, '40')
  await page.goto(`/admin/kitchen/prep?from=${due}&to=${due}`)
  const prep = page.getByTestId('prep-recipe').filter({ hasText: shortbread })
  await expect(prep.getByRole('heading')).toHaveText(`${shortbread} × 2`)
  await expect(prep).toContainText('Makes 48 pieces')
  await expect(prep.getByRole('row', { name: flour })).toContainText('4 1/2 cups')
  await expect(prep).toContainText(`For Kit Chen, Cakes (${formatCalendarDate(due)})`)
  await shoot(page, 'kitchen-prep')
  await photographTall(page, prep, '34-prep-sheet', testInfo)
  await page.getByRole('link', { name: 'Kitchen' }).first().click()
  await page.getByRole('link', { name: 'Shopping list' }).click()
  await page.getByLabel('From').fill(due)
  await page.getByLabel('To').fill(due)
  await page.getByRole('button', { name: 'Show' }).click()
  // 4½ cups of flour at 0.53 g/ml (564.25 g) is one 2.5 kg bag; two pounds of butter (907.18 g) two blocks.
  const butterLine = page.getByTestId('shopping-line').filter({ hasText: butter })
  await expect(butterLine).toContainText('907.18 g')
  await expect(butterLine).toContainText('2 packs')
  await expect(page.getByTestId('shopping-total')).toHaveText('$22.97')
  await shoot(page, 'kitchen-shopping')
  await photographTall(page, page.locator('main'), '35-shopping-list', testInfo)

  // Her labels: first what they still need, then, told where she bakes, the labels as they print.
  await page.goto(orderUrl)
  await page.getByRole('link', { name: 'Print its labels' }).click()
  await expect(page.getByTestId('label-problems')).toContainText(
    'Choose your region in the Kitchen’s label settings.',
  )
  await waitForHydration(page, { intent: false })
  const settings = page.getByRole('region', { name: 'What every label says' })
  await settings.getByLabel('Where you bake').selectOption('TX')
  await settings.getByLabel('Your name and address').fill('Kit’s Kitchen\n1 Main Street, Austin TX')
  await settings.getByRole('button', { name: 'Save' }).click()
  await expect(settings.getByRole('status')).toBeFocused()
  // Two pounds of butter (907 g) outweigh 4½ cups of flour (564 g); 48 shortbread pieces.
  const label = page.getByTestId('label-preview')
  await expect(label).toContainText(`Ingredients: ${butter}, ${flour}.`)
  await expect(label).toContainText('Contains: Milk, Wheat.')
  await expect(label).toContainText('Net quantity: 48 pieces')
  await expect(label).toContainText('NOT SUBJECT TO GOVERNMENTAL LICENSING OR INSPECTION.')
  await shoot(page, 'kitchen-labels')
  await photograph(label.first(), '36-label', testInfo)
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download labels (PDF)' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^labels-order-\d+\.pdf$/)
  const pdf = await readFile((await download.path())!)
  expect(pdfText(pdf).replace(/\s+/g, ' ')).toContain(`${butter}, ${flour}.`)

  // Her own yearly cap: Settings shows this year's sales against it.
  await page.goto('/admin/kitchen/labels')
  await settings.getByLabel(/Your yearly sales cap/).fill('100000')
  await settings.getByRole('button', { name: 'Save' }).click()
  await expect(settings.getByRole('status')).toBeFocused()
  await page.goto('/admin/settings')
  const cap = page.getByTestId('sales-cap')
  await expect(cap.getByRole('heading')).toHaveText(/^Your sales in \d{4}$/)
  await expect(cap).toContainText('of your $100,000 yearly cap')
  await shoot(page, 'settings-sales-cap', { part: cap })
  await photograph(cap, '37-sales-cap', testInfo)
  await page.goto('/admin/kitchen/labels')
  await settings.getByLabel(/Your yearly sales cap/).fill('')
  await settings.getByRole('button', { name: 'Save' }).click()
  await expect(settings.getByRole('status')).toBeFocused()

  // What a recipe uses cannot go from under it, nor what she sells; each asks first.
  await page.goto('/admin/kitchen')
  await page.getByRole('link', { name: flour }).click()
  await page.getByText('Delete this ingredient…').click()
  await page.getByRole('button', { name: `Yes, delete ${flour}` }).click()
  await expect(page.getByRole('alert')).toHaveText(
    `It is in ${shortbread}: take it out of that recipe first.`,
  )
  await page.goto('/admin/kitchen')
  await page.getByRole('link', { name: shortbread }).click()
  await page.getByText('Delete this recipe…').click()
  await page.getByRole('button', { name: `Yes, delete ${shortbread}` }).click()
  await expect(page.getByRole('alert')).toHaveText(
    'Cakes is made of it: choose another recipe in What you sell first.',
  )
  await page.goto('/admin/kitchen/sold')
  await cakes.getByLabel('Recipe 1').selectOption({ label: 'None' })
  await cakes.getByLabel('Batches').first().fill('')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('status')).toBeVisible()
  await page.goto('/admin/kitchen')
  await page.getByRole('link', { name: shortbread }).click()
  await page.getByText('Delete this recipe…').click()
  await page.getByRole('button', { name: `Yes, delete ${shortbread}` }).click()
  await expect(page.getByRole('status')).toHaveText(`${shortbread} is deleted.`)
  await expect(page.getByRole('link', { name: shortbread })).toHaveCount(0)
  await rates.getByLabel(/Your hourly rate/).fill('20')
  await rates.getByRole('button', { name: 'Save' }).click()
  await expect(rates.getByRole('status')).toBeVisible()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the owner adds an ingredient and a refused one comes back as she typed it', async ({
    signInOwner,
    page,
  }) => {
    const name = `Sugar ${Date.now()}`.slice(0, 40)
    await signInOwner(page)
    await page.goto('/admin/kitchen/ingredients/new')
    await page.getByLabel('Name').fill(name)
    await page.getByLabel('Pack size').fill('2')
    await page.getByLabel('Unit').selectOption('kg')
    await page.getByLabel(/^Price/).fill('four dollars')
    await page.getByRole('button', { name: 'Add ingredient' }).click()
    await expect(page.locator('#field-pack_price-error')).toContainText(
      'must be an amount of money',
    )
    await expect(page.getByLabel('Name')).toHaveValue(name)
    await page.getByLabel(/^Price/).fill('4.49')
    await page.getByRole('button', { name: 'Add ingredient' }).click()
    await expect(page.getByRole('listitem').filter({ hasText: name })).toContainText(
      '2 kg for $4.49',
    )
  })
})
