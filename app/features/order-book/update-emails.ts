import { SEED_WORDS } from '#app/content/site-words.ts'
import { paragraph } from '#app/features/mail/email-blocks.ts'
import type { OutgoingEmail } from '#app/features/mail/email.ts'
import { customerEmail, emailHeading, markup } from '#app/features/mail/html.ts'
import type { UpdateKind } from '#app/features/order-status/owner-intents.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { orderName } from '#app/utils/order-name.ts'
import type { UpdateDetails } from './update-details.ts'
import { UPDATE_EMAILS } from './update-email-kinds.ts'

/**
 * The email a customer gets when their request changes: a quote, its
 * confirmation, the day it is ready, or the bakery declining or cancelling.
 * What each kind says is its entry in UPDATE_EMAILS; here each is framed
 * alike: it greets her once, ends by saying how to reach the owner, and
 * links her private page. Text and HTML say the same; the customer's and
 * the owner's words are escaped by `markup`. It names no Reply-To, so it
 * comes from the site (MAIL_FROM) and the customer's Reply reaches the
 * owner (MAIL_TO).
 */
export function composeRequestUpdate(kind: UpdateKind, details: UpdateDetails): OutgoingEmail {
  const { request, siteUrl, bakery = SEED_WORDS.identity } = details
  const firstName = request.name.trim().split(/\s+/)[0] || request.name
  const order = orderName(request.product_type)
  const statusUrl = request.customer_token
    ? `${siteUrl}/requests/${request.customer_token}`
    : undefined
  const { subject, body } = UPDATE_EMAILS[kind]
  const { title, blocks } = body({
    details,
    bakery,
    order,
    date: formatCalendarDate(request.due_date),
    delivery: request.fulfilment === 'delivery',
    statusUrl,
  })
  const reply = `Questions? Just reply to this email; it reaches ${bakery.ownerName} at ${bakery.name}.`
  blocks.push(paragraph(reply))
  const text = [
    `Hi ${firstName},`,
    '',
    title,
    '',
    ...blocks.flatMap((block) => [block.text, '']),
    'Warmly,',
    `${bakery.ownerName}, ${bakery.name}`,
  ].join('\n')
  const content = markup`${emailHeading(title)}<p style="margin:0 0 16px">Hi ${firstName},</p>${blocks.map((block) => block.html)}<p style="margin:0">Warmly,<br>${bakery.ownerName}</p>`

  return customerEmail({
    to: { name: request.name, address: request.email },
    subject: `${subject(order)} — ${bakery.name}`,
    text,
    preview: blocks[0]!.text,
    content,
    statusUrl,
    bakery,
  })
}
