/**
 * Real parts for the mail tests: an SMTP server on loopback that keeps what
 * it receives, and sample emails. Only tests import this.
 */
import { onTestFinished } from 'vitest'
import type { OutgoingEmail } from '#app/features/mail/email.ts'
import { type SmtpSink, startSmtpSink as startSharedSmtpSink } from './smtp-sink.ts'

/**
 * The shared loopback SMTP server (tests/support/smtp-sink.ts), closed when
 * the test ends.
 */
export async function startSmtpSink(
  options: Parameters<typeof startSharedSmtpSink>[0] = {},
): Promise<SmtpSink> {
  const sink = await startSharedSmtpSink(options)
  onTestFinished(() => sink.close())
  return sink
}

/** Polls until `check` returns without throwing; the outcome, not the time, is what we test. */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  { timeoutMs = 5000 }: { timeoutMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      return await check()
    } catch (error) {
      if (Date.now() > deadline) throw error
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  }
}

/** An order email as the orders feature composes it. */
export function buildOrderEmail(overrides: Partial<OutgoingEmail> = {}): OutgoingEmail {
  return {
    subject: 'New order request (2 orders)',
    text: 'Order 1\nName: Maya Chen\nProduct type: Cake',
    html: '<p>Order 1<br>Name: Maya Chen<br>Product type: Cake</p>',
    replyTo: { name: 'Maya Chen', address: 'maya@example.com' },
    emailjs: {
      call: 'send',
      template: 'order',
      templateParams: { order_count: '2', orders_summary: 'Order 1\nName: Maya Chen' },
    },
    ...overrides,
  }
}

/** A contact email as the contact feature composes it. */
export function buildContactEmail(): OutgoingEmail {
  const fields = {
    name: 'Omar Haddad',
    email: 'omar@example.com',
    phone_number: '4165550123',
    message: 'Do you make gluten-free cupcakes?',
  }
  return {
    subject: 'New message from Omar Haddad',
    text: `Name: ${fields.name}\nMessage: ${fields.message}`,
    html: `<p>Name: ${fields.name}<br>Message: ${fields.message}</p>`,
    replyTo: { name: fields.name, address: fields.email },
    emailjs: { call: 'send-form', template: 'contact', fields },
  }
}

/** A customer's confirmation as the orders feature composes it: to the customer, no Reply-To. */
export function buildCustomerEmail(): OutgoingEmail {
  const statusUrl = 'https://butterandbloom.example/requests/AbCdEfGhIjKlMnOpQrStUvWx'
  const text = `Hi Priya,\n\nThank you! We got your order.\n\n${statusUrl}`
  return {
    subject: 'We got your order — Butter & Bloom Bakery',
    text,
    html: `<p>Thank you! We got your order.</p><p><a href="${statusUrl}">See your order</a></p>`,
    to: { name: 'Priya Sharma', address: 'priya@example.com' },
    emailjs: {
      call: 'send',
      template: 'customer',
      templateParams: {
        to_name: 'Priya Sharma',
        to_email: 'priya@example.com',
        subject: 'We got your order — Butter & Bloom Bakery',
        message: text,
        status_url: statusUrl,
      },
    },
  }
}
