import type { Page } from '@playwright/test'
import { expect, test, waitForHydration } from './fixtures.ts'
import { findMail } from './inbox.ts'

async function fillContact(
  page: Page,
  fields: { name: string; email: string; phone: string; message: string },
) {
  await page.getByLabel('Name').fill(fields.name)
  await page.getByLabel('Email').fill(fields.email)
  await page.getByLabel('Phone Number').fill(fields.phone)
  await page.getByLabel('Message').fill(fields.message)
}

test('a visitor sends a question, sees it sent, and the owner gets it', async ({ page }) => {
  const name = `Marcus Lee ${Date.now()}`
  await page.goto('/contact')
  await fillContact(page, {
    name,
    email: 'marcus@example.com',
    phone: '4165550142',
    message: 'Do you make egg-free cupcakes?',
  })
  // Hold the request a moment so the in-between state can be seen.
  await page.route('**/contact.data*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500))
    await route.continue()
  })
  await page.getByRole('button', { name: 'Send Message' }).click()
  const status = page.getByRole('status')
  await expect(status).toHaveText('Sending...')
  await expect(status).toHaveText('Message sent successfully!')
  await expect(page.getByLabel('Name')).toHaveValue('')
  await expect(page.getByLabel('Message')).toHaveValue('')

  const subject = `New message from ${name}`
  await expect.poll(() => findMail(subject).then(Boolean), { timeout: 10_000 }).toBe(true)
  const mail = (await findMail(subject))!
  expect(mail.replyTo?.value).toEqual([{ name, address: 'marcus@example.com' }])
  expect(mail.from?.value).toEqual([
    { name: 'Butter & Bloom website', address: 'website@butterandbloom.test' },
  ])
  expect(mail.text).toContain('Do you make egg-free cupcakes?')
})

test.describe('when the bakery cannot be reached', () => {
  test.use({ allowedConsoleErrors: [/Failed to load resource|ERR_FAILED/] })

  test('the form says so and keeps what was typed', async ({ page }) => {
    await page.goto('/contact')
    await fillContact(page, {
      name: 'Offline Visitor',
      email: 'offline@example.com',
      phone: '4165550100',
      message: 'Hello?',
    })
    await page.route('**/contact.data*', (route) => route.abort('connectionfailed'))
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect(page.getByRole('status')).toHaveText('Failed to send message. Try again later.')
    await expect(page.getByLabel('Message')).toHaveValue('Hello?')
  })
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 667 } })

  test('the phone is taken as people write it, and the owner reads it one way whatever was typed', async ({
    page,
  }) => {
    for (const phone of ['416-555-0123', '+1 416 555 0123']) {
      const name = `Rosa Lima ${phone} ${Date.now()}`
      await page.goto('/contact')
      await expect(page.locator('#field-phone_number-hint')).toHaveText(
        '10 digits, e.g. 416-555-0123',
      )
      await fillContact(page, { name, email: 'rosa@example.com', phone, message: 'Hi there' })
      await page.getByRole('button', { name: 'Send Message' }).click()
      await expect(page.getByRole('status')).toHaveText('Message sent successfully!')
      await expect.poll(() => findMail(`New message from ${name}`).then(Boolean)).toBe(true)
      expect((await findMail(`New message from ${name}`))!.text).toContain('Phone: 416-555-0123')
    }
  })

  test('a number without ten digits is refused beside the field, before sending', async ({
    page,
  }) => {
    await page.goto('/contact')
    await fillContact(page, {
      name: 'N',
      email: 'n@example.com',
      phone: '416-555-014',
      message: 'Hi',
    })
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect(page.locator('#field-phone_number-error')).toHaveText(
      'Enter a 10-digit phone number, e.g. 416-555-0123.',
    )
    await expect(page.getByLabel('Phone Number')).toBeFocused()
    await expect(page.getByRole('status')).toHaveText('')
  })
})

test('a message of only spaces is caught before sending', async ({ page }) => {
  await page.goto('/contact')
  await fillContact(page, {
    name: 'Spacey',
    email: 's@example.com',
    phone: '4165550100',
    message: '   ',
  })
  await page.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByText('Message is required.')).toBeVisible()
  await expect(page.getByRole('status')).toHaveText('')
})

test('an empty message shows every missing field at once, beside the field, and focuses the first', async ({
  page,
}) => {
  await page.goto('/contact')
  // The check beside each field is the page's own, so it needs React running.
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Send Message' }).click()
  for (const label of ['Name', 'Email', 'Phone Number', 'Message']) {
    const field = page.getByLabel(label)
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    const ids = (await field.getAttribute('aria-describedby'))!.split(' ')
    const errorId = ids.find((id) => id.endsWith('-error'))!
    await expect(page.locator(`[id="${errorId}"]`)).not.toBeEmpty()
  }
  await expect(page.locator('#field-message-error')).toHaveText('Message is required.')
  await expect(page.getByLabel('Name')).toBeFocused()
  await expect(page.getByRole('status')).toHaveText('')
})

test('a textarea in error has the same border as an input in error', async ({ page }) => {
  await page.goto('/contact')
  // The check beside each field is the page's own, so it needs React running.
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByLabel('Message')).toHaveAttribute('aria-invalid', 'true')
  // Read once transitions are over, with the pointer on the field and away from it.
  const border = async (label: string, hover: boolean) => {
    const field = page.getByLabel(label)
    if (hover) await field.hover()
    else await page.mouse.move(0, 0)
    return field.evaluate(async (element) => {
      await Promise.all(element.getAnimations().map((animation) => animation.finished))
      const style = getComputedStyle(element)
      return [
        style.borderTopColor,
        style.borderTopWidth,
        style.borderTopStyle,
        style.backgroundColor,
      ]
    })
  }
  const inputInError = await border('Email', false)
  expect(await border('Message', false)).toEqual(inputInError)
  expect(await border('Message', true)).toEqual(inputInError)
  expect(await border('Email', true)).toEqual(inputInError)
})

for (const width of [640, 1280]) {
  test(`at ${width} px the email and phone fields line up`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/contact')
    const box = async (selector: string) => (await page.locator(selector).boundingBox())!
    const [email, phone] = [await box('#field-email'), await box('#field-phone_number')]
    expect(email.y).toBe(phone.y)
    expect(email.height).toBe(phone.height)
    expect(email.x).toBeLessThan(phone.x)
    const [emailLabel, phoneLabel] = [
      await box('label[for="field-email"]'),
      await box('label[for="field-phone_number"]'),
    ]
    expect(emailLabel.y).toBe(phoneLabel.y)
    expect(emailLabel.height).toBe(phoneLabel.height)
  })
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test.describe('a refused send', () => {
    // The browser notes the 400 that carries the messages.
    test.use({ allowedConsoleErrors: [/status of 400/] })

    test('a message the server refuses comes back with the message beside its field', async ({
      page,
    }) => {
      await page.goto('/contact')
      await fillContact(page, {
        name: 'No Script',
        email: 'noscript@example.com',
        phone: '4165550177',
        message: '   ',
      })
      await page.getByRole('button', { name: 'Send Message' }).click()
      await expect(page.locator('#field-message-error')).toHaveText('Message is required.')
      await expect(page.getByLabel('Message')).toHaveAttribute('aria-invalid', 'true')
      await expect(page.getByLabel('Name')).toHaveValue('No Script')
    })
  })

  test('the contact form still sends, and the page says so', async ({ page }) => {
    const name = `No Script ${Date.now()}`
    await page.goto('/contact')
    await fillContact(page, {
      name,
      email: 'noscript@example.com',
      phone: '4165550177',
      message: 'Sent from a browser with scripts off.',
    })
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect(page.getByRole('status')).toHaveText('Message sent successfully!')
    await expect
      .poll(() => findMail(`New message from ${name}`).then(Boolean), { timeout: 10_000 })
      .toBe(true)
  })
})
