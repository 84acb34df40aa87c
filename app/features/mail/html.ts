import { placeNameOf } from '#app/content/bakery-address.ts'
import { CREAM } from '#app/content/brand-colors.ts'
import type { IdentityWords } from '#app/content/site-words.ts'
import type { OutgoingEmail } from './email.ts'

/**
 * HTML for emails, escaped by construction: text put into a `markup` template
 * is always escaped, and only what another `markup` template rendered goes in
 * as markup. Customers' words can then never become tags or attributes.
 */
export class Markup {
  constructor(readonly html: string) {}
  toString(): string {
    return this.html
  }
}

export type MarkupValue =
  Markup | string | number | null | undefined | false | readonly MarkupValue[]

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

function render(value: MarkupValue): string {
  if (value === null || value === undefined || value === false) return ''
  if (value instanceof Markup) return value.html
  if (Array.isArray(value)) return value.map(render).join('')
  return escapeHtml(String(value))
}

/** Text as `markup` writes it into HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ENTITIES[character]!)
}

/** A tagged template: markup`<p>${text}</p>` escapes `text` unless it is itself Markup. */
export function markup(strings: TemplateStringsArray, ...values: MarkupValue[]): Markup {
  return new Markup(strings.reduce((html, text, index) => html + render(values[index - 1]) + text))
}

/** The site's palette (app.css), for mail clients that read only inline styles. */
export const EMAIL_COLORS = {
  ink: '#3b2418',
  muted: '#6b3e2e',
  accent: '#a93443',
  accentDark: '#862634',
  cream: CREAM,
  paper: '#fbefe3',
  line: '#ead8c8',
} as const

const INK = EMAIL_COLORS.ink
const MUTED = EMAIL_COLORS.muted

/** Labelled details, one row each, as the owner's emails list them. */
export function detailsTable(lines: readonly (readonly [label: string, value: string])[]): Markup {
  const rows = lines.map(
    ([label, value]) =>
      markup`<tr><th align="left" style="padding:4px 12px 4px 0;color:${MUTED};font-weight:600;vertical-align:top">${label}</th><td style="padding:4px 0;white-space:pre-wrap">${value}</td></tr>`,
  )
  return markup`<table role="presentation" style="border-collapse:collapse">${rows}</table>`
}

/**
 * The whole of an email to the owner: a heading, the content, and a closing
 * line that says whom pressing Reply will answer (when it answers anyone:
 * the site's own digest has no one to answer) and which website sent it,
 * by the name she gave her bakery when the email was written.
 */
export function ownerEmailHtml({
  heading,
  content,
  replyName,
  bakeryName,
}: {
  heading: string
  content: MarkupValue
  replyName?: string | undefined
  /** Her bakery's name (Settings › Your site), read where the email is composed. */
  bakeryName: string
}): string {
  const reply = replyName ? markup`Reply to this email to answer ${replyName}. ` : null
  const body = markup`<body style="font-family:Helvetica,Arial,sans-serif;color:${INK};line-height:1.5"><h1 style="font-size:22px">${heading}</h1>${content}<p style="margin-top:24px;color:${MUTED}">${reply}Sent by the ${bakeryName} website.</p></body>`
  return `<!doctype html><html>${body.html}</html>`
}

/**
 * An email to the owner as the outbox keeps it: the HTML above under its
 * subject as heading; Reply answers `replyTo`, the person it is about, when
 * there is one; through EmailJS it takes the order template, `summary`
 * standing in for the orders' summary.
 */
export function ownerEmail({
  subject,
  text,
  content,
  bakeryName,
  replyTo,
  summary,
  orderCount = 0,
}: {
  subject: string
  text: string
  content: MarkupValue
  /** Her bakery's name (Settings › Your site), for the footer. */
  bakeryName: string
  replyTo?: { name: string; address: string } | undefined
  summary: string
  /** How many new order requests it brings, for the order template. */
  orderCount?: number
}): OutgoingEmail {
  return {
    subject,
    text,
    html: ownerEmailHtml({ heading: subject, content, replyName: replyTo?.name, bakeryName }),
    ...(replyTo ? { replyTo } : {}),
    emailjs: {
      call: 'send',
      template: 'order',
      templateParams: { order_count: String(orderCount), orders_summary: summary },
    },
  }
}

const SANS = 'Helvetica,Arial,sans-serif'
/** Fraunces is the site's display face; mail clients fall back to Georgia. */
const SERIF = "Fraunces,Georgia,'Times New Roman',serif"

/** What an email's head and foot say about the bakery. */
export type BakeryWords = Pick<IdentityWords, 'name' | 'email' | 'serviceArea' | 'city' | 'region'>

/**
 * The whole of an email to a customer: the bakery's cream paper and a white
 * card, its name at the top, and a foot that says how to reach the bakery.
 * Tables and inline styles, because that is all many mail programs read.
 * `preview` is the line inbox lists show beside the subject.
 */
export function customerEmailHtml({
  title,
  preview,
  content,
  bakery,
}: {
  title: string
  preview: string
  content: MarkupValue
  /** Her name, place and email (Settings › Your site). */
  bakery: BakeryWords
}): string {
  const area = placeNameOf(bakery)
  const c = EMAIL_COLORS
  const body = markup`<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light"><title>${title}</title></head>
<body style="margin:0;padding:0;background:${c.cream};color:${c.ink};font-family:${SANS}">
<div style="display:none;max-height:0;overflow:hidden;opacity:0">${preview}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${c.cream}"><tr><td align="center" style="padding:24px 10px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px">
<tr><td style="padding:0 8px 16px;font-family:${SERIF};font-size:22px;font-weight:bold;color:${c.accentDark}">${bakery.name}</td></tr>
<tr><td style="background:#ffffff;border-radius:20px;padding:28px 22px;font-size:16px;line-height:1.6;color:${c.ink}">${content}</td></tr>
<tr><td style="padding:20px 8px 0;font-size:13px;line-height:1.6;color:${c.muted}">${bakery.name} · ${area ? `a home bakery in ${area}` : 'a home bakery'}<br>Questions? Reply to this email or write to <a href="mailto:${bakery.email}" style="color:${c.accentDark}">${bakery.email}</a>.</td></tr>
</table>
</td></tr></table>
</body>`
  return `<!doctype html><html lang="en">${body.html}</html>`
}

/**
 * An email to a customer as the outbox keeps it: the HTML above, their
 * address, and the same words for EmailJS's customer template, whose
 * `status_url` is the request's private page (empty when it has none).
 */
export function customerEmail({
  to,
  subject,
  text,
  preview,
  content,
  statusUrl,
  bakery,
}: {
  to: { name: string; address: string }
  subject: string
  text: string
  preview: string
  content: MarkupValue
  statusUrl?: string
  bakery: BakeryWords
}): OutgoingEmail {
  return {
    subject,
    text,
    html: customerEmailHtml({ title: subject, preview, content, bakery }),
    to,
    emailjs: {
      call: 'send',
      template: 'customer',
      templateParams: {
        to_name: to.name,
        to_email: to.address,
        subject,
        message: text,
        status_url: statusUrl ?? '',
      },
    },
  }
}

/** A heading in a customer email, in the site's display face. */
export function emailHeading(text: string, level: 1 | 2 = 1): Markup {
  return level === 1
    ? markup`<h1 style="margin:0 0 12px;font-family:${SERIF};font-size:26px;line-height:1.25;color:${INK}">${text}</h1>`
    : markup`<h2 style="margin:28px 0 8px;font-family:${SERIF};font-size:19px;line-height:1.3;color:${INK}">${text}</h2>`
}

/** The one thing to press in a customer email: a raspberry pill, as on the site. */
export function emailButton({ href, label }: { href: string; label: string }): Markup {
  const c = EMAIL_COLORS
  return markup`<table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px 0 12px"><tr><td style="border-radius:999px;background:${c.accent}"><a href="${href}" style="display:inline-block;padding:14px 26px;border-radius:999px;background:${c.accent};color:#ffffff;font-weight:bold;text-decoration:none;font-size:16px">${label}</a></td></tr></table>`
}
