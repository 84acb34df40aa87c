import { formatCalendarDate } from '#app/utils/dates.ts'
import { OWNER, expect, test, waitForHydration, expectOrderAnswer } from './fixtures.ts'
import { addDays, journeyCustomer, mailTo, quoteOrderOf, sendCakeRequest } from './money-journey.ts'
import { shoot } from './shots.ts'

// A refused post's 409 is noted by the browser.
test.use({ viewport: { width: 375, height: 812 }, allowedConsoleErrors: [/status of 409/] })

test('she asks for a new date on her phone, the owner accepts, and her page shows it', async ({
  signInOwner,
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000)
  // Days of their own, 120 to 130 days ahead, away from other journeys' days.
  const { stamp, customer, due } = journeyCustomer('Cora Change', 120)
  const moved = addDays(due, 1)
  const link = await sendCakeRequest(page, baseURL!, { customer, stamp, due, theme: 'Graduation' })
  await signInOwner(page)
  const orderUrl = await quoteOrderOf(page, customer.email, { price: '120', deposit: '60' })

  // On her phone: "Ask for a change", filled in with her order as it is: a new date, more
  // servings and a sentence.
  const phone = await browser.newContext({ viewport: { width: 375, height: 812 } })
  const her = await phone.newPage()
  await her.goto(link)
  await waitForHydration(her)
  const panel = her.getByTestId('self-service')
  await expect(panel.getByTestId('policy')).toContainText('until 3 days before your date')
  await panel.getByText('Ask for a change', { exact: true }).click()
  const date = panel.getByLabel('Date', { exact: true })
  await expect(date).toHaveValue(due)
  // Named as her page names it beside the form.
  await expect(panel.getByLabel('Event/Theme')).toHaveValue(`Graduation ${stamp}`)
  // The order form's calendar of open days, in her change.
  await expect(panel.getByRole('grid')).toBeVisible()
  await date.fill(moved)
  await panel.getByLabel(/Servings or quantity/).fill('30')
  await panel.getByLabel(/Anything else to tell us/).fill('Could the flowers be lilac?')
  await shoot(her, 'self-service-change-form', { part: panel })
  await panel.getByRole('button', { name: 'Send my request' }).click()
  // The calendar's month is announced too: her answer is the status that thanks her.
  await expect(
    panel.getByRole('status').filter({ hasText: 'we have your request for a change' }),
  ).toBeVisible()
  const pending = panel.getByTestId('change-pending')
  await expect(pending).toContainText(
    `Date from ${formatCalendarDate(due)} to ${formatCalendarDate(moved)}`,
  )
  await expect(pending).toContainText('Servings from none to “30”')
  await expect(pending).toContainText('Your words: Could the flowers be lilac?')
  const asked = await mailTo(OWNER.email, new RegExp(`^${customer.name} asked to change`))
  expect(asked.text).toContain(
    `Date: from ${formatCalendarDate(due)} to ${formatCalendarDate(moved)}`,
  )

  // The owner sees it on the order page, from what to what, and accepts.
  await page.goto(orderUrl)
  const change = page.getByTestId('pending-change')
  await expect(change.getByTestId('change-parts')).toContainText(
    `from ${formatCalendarDate(due)} to ${formatCalendarDate(moved)}`,
  )
  await expect(change).toContainText('Could the flowers be lilac?')
  await shoot(page, 'self-service-owner-pending-change')
  await change.getByRole('button', { name: 'Accept the change' }).click()
  await expectOrderAnswer(page, 'Change accepted; the customer is told.')
  await expect(page.getByTestId('pending-change')).toHaveCount(0)
  await expect(page.getByText(`For ${customer.name}, ${formatCalendarDate(moved)}`)).toBeVisible()
  await expect(page.getByTestId('timeline')).toContainText(
    `Accepted her change: date from ${formatCalendarDate(due)} to ${formatCalendarDate(moved)}; servings from none to “30”.`,
  )

  // After a call, the owner corrects the servings herself.
  const details = page.getByTestId('details-edit')
  await details.getByText('Edit the details').click()
  await details.getByLabel(/Servings\/Quantity/).fill('32')
  await details.getByRole('button', { name: 'Save the details' }).click()
  await expect(details.getByRole('status')).toHaveText(
    'Details saved; the timeline shows what changed.',
  )
  await expect(page.getByTestId('timeline')).toContainText(
    'Changed the details: servings from “30” to “32”.',
  )

  // She is emailed once, and her page shows the new date.
  const made = await mailTo(customer.email, /^Your change to your cakes order is made/)
  expect(made.text).toContain(formatCalendarDate(moved))
  expect(made.text).toContain('Servings: from none to “30”')
  await her.reload()
  await expect(her.getByText(formatCalendarDate(moved)).first()).toBeVisible()
  await expect(her.getByTestId('change-answer')).toContainText(
    `We made your change: date from ${formatCalendarDate(due)} to ${formatCalendarDate(moved)}`,
  )
  await expect(her.getByText('32', { exact: true }).first()).toBeVisible()
  await phone.close()
})

test('she cancels after the cut-off and sees her partial refund before she confirms', async ({
  signInOwner,
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000)
  const { stamp, customer, due } = journeyCustomer('Nora Cancel', 40)

  // The owner's policy: a 60-day cut-off, so today is "later": half the deposit back.
  await signInOwner(page)
  await page.goto('/admin/settings/payments')
  const policy = page.getByRole('region', { name: 'Changes and cancellations' })
  const setPolicy = async (values: [RegExp, string][]) => {
    for (const [label, value] of values) await policy.getByLabel(label).fill(value)
    await policy.getByRole('button', { name: 'Save' }).click()
    await expect(policy.getByText('Saved: customers’ pages show the new rules now.')).toBeVisible()
  }
  await setPolicy([
    [/No changes or cancellations within/, '3'],
    [/Bigger refund when cancelled at least/, '60'],
    [/Refund of the deposit, cancelled that early/, '100'],
    [/Refund of the deposit, cancelled later/, '50'],
  ])
  try {
    const link = await sendCakeRequest(page, baseURL!, {
      customer,
      stamp,
      due,
      theme: 'Anniversary',
    })
    const orderUrl = await quoteOrderOf(page, customer.email, {
      price: '120',
      deposit: '60',
      paid: '60',
    })

    // Her confirm step is a page of its own (it works without scripts): the sum first.
    const phone = await browser.newContext({
      viewport: { width: 375, height: 812 },
      javaScriptEnabled: false,
    })
    const her = await phone.newPage()
    await her.goto(link)
    await her.getByRole('link', { name: 'Cancel this order' }).click()
    await expect(her).toHaveURL(/\?cancel=1/)
    const confirm = her.getByTestId('cancel-confirm')
    await expect(confirm).toContainText('You would get $30 back: 50% of your $60 deposit.')
    await expect(confirm).toContainText('By e-Transfer or cash$30')
    await shoot(her, 'self-service-cancel-confirm', { part: confirm })
    await confirm.getByRole('button', { name: 'Yes, cancel my order' }).click()
    await expect(her.getByTestId('self-service').getByRole('status')).toContainText(
      'Your order is cancelled. $30 is coming back to you',
    )
    await her.goto(link)
    await expect(her.getByTestId('request-status')).toContainText('Cancelled')
    await expect(her.getByTestId('self-cancelled')).toContainText(
      'Coming back to you: $30 ($30 by e-Transfer or cash',
    )
    await phone.close()

    // Both sides are emailed once.
    const hers = await mailTo(customer.email, /^Your cakes order is cancelled/)
    expect(hers.text).toContain('$30')
    await mailTo(OWNER.email, new RegExp(`^${customer.name} cancelled`))

    // The owner's money card says what she still sends back.
    await page.goto(orderUrl)
    await expect(page.getByTestId('money')).toContainText('To send back$30')
    await expect(page.getByTestId('timeline')).toContainText(
      'To send back by e-Transfer or cash: $30',
    )
  } finally {
    await page.goto('/admin/settings/payments')
    await setPolicy([
      [/No changes or cancellations within/, '3'],
      [/Bigger refund when cancelled at least/, '7'],
      [/Refund of the deposit, cancelled that early/, '100'],
      [/Refund of the deposit, cancelled later/, '0'],
    ])
  }
})
