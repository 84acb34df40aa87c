import { expect, test } from './fixtures.ts'
import { photograph } from './guide-photos.ts'
import { addDays, journeyCustomer, sendCakeRequest } from './money-journey.ts'
import { shoot } from './shots.ts'

test('on her phone the owner finds a customer who ordered twice, from two addresses, and opens her orders', async ({
  signInOwner,
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 375, height: 812 })
  const { customer, stamp, due } = journeyCustomer('Cora Book', 130)
  // A number of her own: every other journey's customers share the usual one.
  const phone = `416-${stamp.slice(-7, -4)}-${stamp.slice(-4)}`
  await sendCakeRequest(page, baseURL!, { customer, stamp, due, theme: 'Garden party', phone })
  const work = { name: customer.name, email: `cora.work.${stamp}@example.com` }
  const later = addDays(due, 7)
  await sendCakeRequest(page, baseURL!, {
    customer: work,
    stamp,
    due: later,
    theme: 'Retirement',
    phone,
  })

  // A question from her work address, sent through the contact form as its page posts it.
  const asked = await page.request.post('/contact', {
    headers: {
      origin: baseURL!,
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': `198.51.100.${(Number(stamp.slice(-3)) % 200) + 20}`,
    },
    form: {
      name: customer.name,
      email: work.email,
      phone_number: phone,
      message: 'Is lemon curd nut-free?',
    },
  })
  expect(asked.status()).toBe(200)

  await signInOwner(page)
  await page.goto('/admin')
  await page
    .getByRole('navigation', { name: 'Owner' })
    .getByRole('link', { name: 'Customers' })
    .click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Customers')
  const search = page.getByRole('search', { name: 'Find customers' })
  await search.getByLabel('Name, email or phone').fill(phone.replaceAll('-', ' '))
  await search.getByRole('button', { name: 'Find' }).click()
  await expect(page.getByRole('status')).toHaveText(/^1 customer matching/)
  const card = page.getByRole('article', { name: customer.name })
  await expect(card).toContainText(work.email)
  await expect(card).toContainText(customer.email)
  await expect(card).toContainText('2 orders')
  await expect(card.getByTestId('customer-paid')).toHaveText('$0')
  await shoot(page, 'customers')

  await card.getByRole('link', { name: customer.name }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(customer.name)
  const orders = page.getByRole('list', { name: 'Their orders' }).getByRole('listitem')
  await expect(orders).toHaveCount(2)
  await expect(page.getByRole('link', { name: work.email })).toHaveAttribute(
    'href',
    `mailto:${work.email}`,
  )
  // Her own notes, which only she sees: the answer shows where she is looking.
  const notes = page.getByRole('region', { name: 'Your notes' })
  await notes.getByLabel('Only you see these').fill('Loves lemon. Orders for her office.')
  await notes.getByRole('button', { name: 'Save notes' }).click()
  await expect(notes.getByRole('status')).toHaveText('Note saved.')
  await expect(notes.getByRole('status')).toBeFocused()
  await page.reload()
  await expect(notes.getByLabel('Only you see these')).toHaveValue(
    'Loves lemon. Orders for her office.',
  )
  // What she wrote through the contact form is on her page too.
  const messages = page.getByRole('region', { name: 'Their messages' })
  await expect(messages.getByRole('listitem')).toHaveText([/Open\s*Is lemon curd nut-free\?/])
  await shoot(page, 'customer')

  await page.setViewportSize({ width: 1280, height: 900 })
  await shoot(page, 'customer-desktop')
  await page.setViewportSize({ width: 375, height: 812 })
  await orders.first().getByRole('link', { name: 'Cakes' }).click()
  await expect(page).toHaveURL(/\/admin\/orders\/\d+$/)
})

test('people who have only written are in the book; two on one number are kept apart by it, and joined again', async ({
  signInOwner,
  page,
  baseURL,
}, testInfo) => {
  await page.setViewportSize({ width: 375, height: 812 })
  const stamp = `${Date.now()}`
  const phone = `905-${stamp.slice(-7, -4)}-${stamp.slice(-4)}`
  // Lena, then her daughter Mia from her own address, both with the family's number.
  for (const [index, name, message] of [
    [0, 'Lena Park', 'Do you deliver on Sundays?'],
    [1, 'Mia Park', 'Can I order a cake for my mum?'],
  ] as const) {
    const asked = await page.request.post('/contact', {
      headers: {
        origin: baseURL!,
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': `198.51.100.${((Number(stamp.slice(-3)) + index) % 200) + 21}`,
      },
      form: {
        name,
        email: `${name.split(' ')[0]!.toLowerCase()}.${stamp}@example.com`,
        phone_number: phone,
        message,
      },
    })
    expect(asked.status()).toBe(200)
  }
  await signInOwner(page)
  await page.goto(`/admin/customers?q=${encodeURIComponent(phone)}`)
  const card = page.getByRole('article', { name: 'Mia Park' })
  await expect(card).toContainText('None yet')
  await expect(card).toContainText('2 messages')
  await shoot(page, 'customers-only-wrote')
  await card.getByRole('link', { name: 'Mia Park' }).click()
  await expect(page).toHaveURL(/\/admin\/customers\/m\d+$/)
  await expect(page.getByText('No orders yet: 2 messages through your contact form.')).toBeVisible()
  const messages = page.getByRole('region', { name: 'Their messages' }).getByRole('listitem')
  await expect(messages).toHaveCount(2)
  await shoot(page, 'customer-only-wrote')

  // Two people on one number: she keeps them apart by it, told where she tapped, and undoes it.
  const same = page.getByRole('region', { name: 'Same person?' })
  await photograph(same, '46-same-person', testInfo)
  await same.getByRole('button', { name: `Keep apart by ${phone}` }).click()
  await expect(same.getByRole('status')).toHaveText(
    `Kept apart: ${phone} no longer joins anyone in your book.`,
  )
  await expect(same.getByRole('status')).toBeFocused()
  await expect(messages).toHaveText([/Do you deliver on Sundays\?/])
  await shoot(page, 'customer-kept-apart', { part: same })
  await same.getByRole('button', { name: 'Join by it again' }).click()
  await expect(same.getByRole('status')).toHaveText(`${phone} joins your customers again.`)
  await expect(messages).toHaveCount(2)
})
