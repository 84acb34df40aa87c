import { expect, test } from 'vitest'
import { SEED_WORDS } from '#app/content/site-words.ts'
import { NEXT_STEPS } from '#app/features/order-status/next-steps.ts'
import { birthdayCakeOrder } from '#tests/support/orders.ts'
import { composeRequestConfirmation } from './confirmation-email.ts'

const statusUrl = 'https://butterandbloom.example/requests/AbCdEfGhIjKlMnOpQrStUvWx'

test('one request: the subject, who it is to, and no Reply-To of its own, so Reply reaches the bakery', () => {
  const email = composeRequestConfirmation({ orders: [birthdayCakeOrder], statusUrl })
  expect(email.subject).toBe('We got your order — Butter & Bloom Bakery')
  expect(email.to).toEqual({ name: 'Priya Sharma', address: 'priya@example.com' })
  expect(email.replyTo).toBeUndefined()
})

test('the text greets the customer, lists their request with its details, the next steps and the private link', () => {
  const email = composeRequestConfirmation({
    orders: [
      {
        ...birthdayCakeOrder,
        servings: '20',
        allergies: 'No tree nuts',
        fulfilment: 'delivery',
        pickup_window: '14:00-16:00',
      },
    ],
    statusUrl,
  })
  expect(email.text).toBe(`Hi Priya,

Thank you! We got your order. Here is what you sent us. Nothing is booked or charged yet.

Cakes
   Date: Saturday, December 12, 2026
   Event/Theme: Unicorn birthday
   Servings/Quantity: 20
   Allergies/Dietary needs: No tree nuts
   Pickup or delivery: Delivery
   Delivery time: 2:00\u00a0p.m.–4:00\u00a0p.m.

What happens next:
1. ${NEXT_STEPS[0]}
2. ${NEXT_STEPS[1]}
3. ${NEXT_STEPS[2]}

Follow your order at any time here:
${statusUrl}

This link is yours alone: anyone who has it can see your order, so please keep it private and do not forward this email.

Questions, or a change of plan? Just reply to this email; it reaches Nadia Ferreira at Butter & Bloom Bakery.

Warmly,
Nadia Ferreira, Butter & Bloom Bakery`)
})

test('several requests are numbered, and details not given are left out', () => {
  const email = composeRequestConfirmation({
    orders: [
      birthdayCakeOrder,
      { ...birthdayCakeOrder, product_type: 'Cake Pops', due_date: '2026-12-19' },
    ],
    statusUrl,
  })
  expect(email.subject).toBe('We got your orders — Butter & Bloom Bakery')
  expect(email.text).toContain('We got your 2 orders.')
  expect(email.text).toContain('1. Cakes\n   Date: Saturday, December 12, 2026')
  expect(email.text).toContain('2. Cake Pops\n   Date: Saturday, December 19, 2026')
  expect(email.text).not.toContain('Servings')
  expect(email.text).not.toContain('Pickup or delivery')
  expect(email.text).not.toMatch(/Allergies|Pickup time/)
  expect(email.html).toContain('See your orders')
})

test('the HTML has the bakery look: the link as a button and as plain text, the steps and the privacy note', () => {
  const { html } = composeRequestConfirmation({ orders: [birthdayCakeOrder], statusUrl })
  expect(html.startsWith('<!doctype html><html lang="en">')).toBe(true)
  expect(html).toContain('<title>We got your order — Butter &amp; Bloom Bakery</title>')
  expect(html).toContain('Thank you, Priya! We got your order.')
  expect(html.match(new RegExp(`href="${statusUrl}"`, 'g'))).toHaveLength(2)
  expect(html).toMatch(/<a href="[^"]+"[^>]*>See your order<\/a>/)
  expect(html).toContain(`>${statusUrl}</a>`)
  for (const step of NEXT_STEPS) expect(html).toContain(`>${step}</li>`)
  expect(html).toContain('please keep it private')
  expect(html).toContain('Saturday, December 12, 2026')
  expect(html).toContain('Just reply to this email')
})

test("the customer's own words are escaped in the HTML and kept as written in the text", () => {
  const hostile = {
    ...birthdayCakeOrder,
    name: '<b>Eve</b> Mallory',
    event_theme: 'Say "hi" & <img src=x onerror=alert(1)>',
    servings: "<script>alert('x')</script>",
    product_type: 'Other <i>',
  }
  const email = composeRequestConfirmation({ orders: [hostile], statusUrl })
  expect(email.html).not.toMatch(/<(b|img|script|i)[\s>]/)
  expect(email.html).toContain('Thank you, &lt;b&gt;Eve&lt;/b&gt;!')
  expect(email.html).toContain('Say &quot;hi&quot; &amp; &lt;img src=x onerror=alert(1)&gt;')
  expect(email.html).toContain('&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;')
  expect(email.html).toContain('Other &lt;i&gt;')
  expect(email.text).toContain('Hi <b>Eve</b>,')
  expect(email.text).toContain('Event/Theme: Say "hi" & <img src=x onerror=alert(1)>')
})

test('EmailJS gets the customer template with whom to send it to and the whole text', () => {
  const email = composeRequestConfirmation({ orders: [birthdayCakeOrder], statusUrl })
  expect(email.emailjs).toEqual({
    call: 'send',
    template: 'customer',
    templateParams: {
      to_name: 'Priya Sharma',
      to_email: 'priya@example.com',
      subject: 'We got your order — Butter & Bloom Bakery',
      message: email.text,
      status_url: statusUrl,
    },
  })
})

test('a confirmation needs a request', () => {
  expect(() => composeRequestConfirmation({ orders: [], statusUrl })).toThrow(/at least one/)
})

test('the email speaks in the owner’s words from Your site: her name, reply time, place and email', () => {
  const bakery = {
    ...SEED_WORDS.identity,
    name: 'Crumb & Co',
    replyTime: 'by the next morning',
    serviceArea: 'Leslieville',
    email: 'hi@crumb.example',
  }
  const email = composeRequestConfirmation({ orders: [birthdayCakeOrder], statusUrl, bakery })
  expect(email.subject).toBe('We got your order — Crumb & Co')
  expect(email.text).toContain('We read every order ourselves and reply by the next morning.')
  expect(email.text).not.toContain('within 2 days')
  expect(email.html).toContain('We read every order ourselves and reply by the next morning.')
  expect(email.html).toContain('Crumb &amp; Co · a home bakery in Leslieville')
  expect(email.html).toContain('mailto:hi@crumb.example')
  expect(email.html).not.toContain('Butter &amp; Bloom Bakery')
})
