import { type IdentityWords, SEED_WORDS } from '#app/content/site-words.ts'
import { formatWindow } from '#app/features/availability/pickup-windows.ts'
import type { OutgoingEmail } from '#app/features/mail/email.ts'
import {
  EMAIL_COLORS,
  customerEmail,
  emailButton,
  emailHeading,
  markup,
} from '#app/features/mail/html.ts'
import { nextSteps } from '#app/features/order-status/next-steps.ts'
import { themeLabel } from '#app/features/order-status/theme-label.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { type OrderDetails, fulfilmentLabel } from './order-summary.ts'

/** "We got your order — Butter & Bloom Bakery" (or "orders" for several). */
export function confirmationSubject(count: number, name: string): string {
  return `We got your order${count === 1 ? '' : 's'} — ${name}`
}

/**
 * The few details a customer checks at a glance: what the page and the
 * owner's email list in full, cut to what tells one request from another.
 */
function requestLines(order: OrderDetails): [string, string][] {
  const given = (value: string | null | undefined) => (value?.trim() ? value : undefined)
  const window = given(order.pickup_window)
  const lines: [string, string | undefined][] = [
    ['Date', formatCalendarDate(order.due_date)],
    [themeLabel(order.event_theme_holds), given(order.event_theme)],
    ['Servings/Quantity', given(order.servings)],
    // What she told us about allergies, back in her words, so a slip shows before we bake.
    ['Allergies/Dietary needs', given(order.allergies)],
    ['Pickup or delivery', given(order.fulfilment) && fulfilmentLabel(order.fulfilment!)],
    [
      order.fulfilment === 'delivery' ? 'Delivery time' : 'Pickup time',
      window && formatWindow(window),
    ],
  ]
  return lines.filter((line): line is [string, string] => line[1] !== undefined)
}

/** What the confirmation says, shared by its text and its HTML. */
interface ConfirmationWords {
  one: boolean
  firstName: string
  what: string
  heading: string
  intro: string
  privacy: string
  reply: string
  steps: readonly string[]
}

/** The confirmation's sentences, for one order or several. */
function confirmationWords(
  orders: readonly OrderDetails[],
  first: OrderDetails,
  bakery: IdentityWords,
): ConfirmationWords {
  const one = orders.length === 1
  const firstName = first.name.trim().split(/\s+/)[0] || first.name
  const what = one ? 'your order' : `your ${orders.length} orders`
  return {
    one,
    firstName,
    what,
    heading: `Thank you, ${firstName}! We got ${what}.`,
    intro: 'Here is what you sent us. Nothing is booked or charged yet.',
    privacy: `This link is yours alone: anyone who has it can see ${one ? 'your order' : 'your orders'}, so please keep it private and do not forward this email.`,
    reply: `Questions, or a change of plan? Just reply to this email; it reaches ${bakery.ownerName} at ${bakery.name}.`,
    steps: nextSteps(bakery.replyTime),
  }
}

/** The confirmation as plain text. */
function confirmationText(
  orders: readonly OrderDetails[],
  { one, firstName, what, intro, privacy, reply, steps }: ConfirmationWords,
  { statusUrl, bakery }: { statusUrl: string; bakery: IdentityWords },
): string {
  return [
    `Hi ${firstName},`,
    '',
    `Thank you! We got ${what}. ${intro}`,
    '',
    ...orders.flatMap((order, index) => [
      `${one ? '' : `${index + 1}. `}${order.product_type}`,
      ...requestLines(order).map(([label, value]) => `   ${label}: ${value}`),
      '',
    ]),
    'What happens next:',
    ...steps.map((step, index) => `${index + 1}. ${step}`),
    '',
    `Follow ${what} at any time here:`,
    statusUrl,
    '',
    privacy,
    '',
    reply,
    '',
    `Warmly,`,
    `${bakery.ownerName}, ${bakery.name}`,
  ].join('\n')
}

/** One request as a card: its treat and the details she checks at a glance. */
function requestCard(order: OrderDetails, index: number, one: boolean) {
  const c = EMAIL_COLORS
  return (
    // Label and value on one line that wraps as a sentence does: a
    // two-column table squeezes the values on a phone.
    markup`<div style="margin:0 0 12px;padding:14px 16px;border-radius:14px;background:${c.paper}"><p style="margin:0 0 4px;font-size:17px;font-weight:bold;color:${c.ink}">${one ? '' : `${index + 1}. `}${order.product_type}</p>${requestLines(
      order,
    ).map(
      ([label, value]) =>
        markup`<p style="margin:2px 0;white-space:pre-wrap"><span style="color:${c.muted};font-weight:bold">${label}:</span> ${value}</p>`,
    )}</div>`
  )
}

/** The confirmation's HTML body. */
function confirmationHtml(
  orders: readonly OrderDetails[],
  { one, what, heading, intro, privacy, reply, steps }: ConfirmationWords,
  { statusUrl, bakery }: { statusUrl: string; bakery: IdentityWords },
) {
  const c = EMAIL_COLORS
  const requestCards = orders.map((order, index) => requestCard(order, index, one))
  return markup`${emailHeading(heading)}
<p style="margin:0 0 20px">${intro}</p>
${requestCards}
${emailHeading('What happens next', 2)}
<ol style="margin:0;padding-left:22px">${steps.map((step) => markup`<li style="margin:0 0 6px">${step}</li>`)}</ol>
${emailHeading(one ? 'Follow your order' : 'Follow your orders', 2)}
<p style="margin:0">Your private page shows ${what} and where ${one ? 'it stands' : 'each one stands'}, and is where your quote will be.</p>
${emailButton({ href: statusUrl, label: one ? 'See your order' : 'See your orders' })}
<p style="margin:0 0 4px;font-size:14px;color:${c.muted}">Or copy this link into your browser:</p>
<p style="margin:0 0 20px;font-size:14px;word-break:break-all"><a href="${statusUrl}" style="color:${c.accentDark}">${statusUrl}</a></p>
<p style="margin:0 0 20px;padding:12px 14px;border-left:4px solid ${c.accent};background:${c.cream};font-size:14px">${privacy}</p>
<p style="margin:0 0 20px">${reply}</p>
<p style="margin:0">Warmly,<br>${bakery.ownerName}</p>`
}

/**
 * "We got your request": the email each customer in a send gets, listing
 * their own requests only, what happens next and the private link to follow
 * them. It names no Reply-To, so it comes from the site (MAIL_FROM) and the
 * customer's Reply reaches the owner (MAIL_TO); see transports/transport.ts.
 */
export function composeRequestConfirmation({
  orders,
  statusUrl,
  bakery = SEED_WORDS.identity,
}: {
  orders: readonly OrderDetails[]
  statusUrl: string
  /** Her words (Settings › Your site): name, reply time, email, place. */
  bakery?: IdentityWords
}): OutgoingEmail {
  const [first] = orders
  if (!first) throw new Error('A confirmation needs at least one request.')
  const words = confirmationWords(orders, first, bakery)
  return customerEmail({
    to: { name: first.name, address: first.email },
    subject: confirmationSubject(orders.length, bakery.name),
    text: confirmationText(orders, words, { statusUrl, bakery }),
    preview: `${words.heading} ${words.intro}`,
    content: confirmationHtml(orders, words, { statusUrl, bakery }),
    statusUrl,
    bakery,
  })
}
