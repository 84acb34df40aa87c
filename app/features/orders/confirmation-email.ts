import { site } from '#app/content/site.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'
import type { OutgoingEmail } from '../mail/email.ts'
import { markup } from '../mail/html.ts'
import { NEXT_STEPS } from './next-steps.ts'
import type { OrderDetails } from './order-summary.ts'

const INK = '#3b2418'
const MUTED = '#6b3e2e'
const ACCENT = '#8a3b2a'

/**
 * "We got your request": the email each customer in a send gets, listing
 * their own requests, what happens next and the private link to follow them.
 * It comes from the bakery, and the customer's Reply reaches the owner.
 */
export function composeRequestConfirmation({
  orders,
  statusUrl,
}: {
  orders: readonly OrderDetails[]
  statusUrl: string
}): OutgoingEmail {
  const [first] = orders
  if (!first) throw new Error('A confirmation needs at least one request.')
  const firstName = first.name.split(/\s+/)[0] ?? first.name
  const subject = `We got your request${orders.length === 1 ? '' : 's'} — ${site.brandTitle}`
  const requestLines = orders.map(
    (order) => `• ${order.product_type} for ${formatCalendarDate(order.due_date)}`,
  )
  const text = [
    `Hi ${firstName},`,
    '',
    `Thank you! We got your ${orders.length === 1 ? 'request' : `${orders.length} requests`}:`,
    ...requestLines,
    '',
    'What happens next:',
    ...NEXT_STEPS.map((step, index) => `${index + 1}. ${step}`),
    '',
    `Follow your request${orders.length === 1 ? '' : 's'} here (this link is yours alone, so keep it private):`,
    statusUrl,
    '',
    `Questions? Just reply to this email.`,
    '',
    site.brandTitle,
  ].join('\n')

  const body = markup`<body style="font-family:Helvetica,Arial,sans-serif;color:${INK};line-height:1.5;max-width:560px">
<h1 style="font-size:22px">Thank you, ${firstName}! We got your ${orders.length === 1 ? 'request' : 'requests'}.</h1>
<ul style="padding-left:20px">${orders.map(
    (order) =>
      markup`<li><strong>${order.product_type}</strong> for ${formatCalendarDate(order.due_date)}</li>`,
  )}</ul>
<h2 style="font-size:18px;margin-top:24px">What happens next</h2>
<ol style="padding-left:20px">${NEXT_STEPS.map((step) => markup`<li>${step}</li>`)}</ol>
<p style="margin:28px 0"><a href="${statusUrl}" style="background:${ACCENT};color:#fff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:bold">See your request${orders.length === 1 ? '' : 's'}</a></p>
<p style="color:${MUTED}">This link is yours alone; keep it private. Questions? Just reply to this email.</p>
<p style="color:${MUTED}">${site.brandTitle}</p>
</body>`

  return {
    subject,
    text,
    html: `<!doctype html><html>${body.html}</html>`,
    to: { name: first.name, address: first.email },
    emailjs: {
      call: 'send',
      template: 'customer',
      templateParams: {
        to_name: first.name,
        to_email: first.email,
        subject,
        message: text,
        status_url: statusUrl,
      },
    },
  }
}
