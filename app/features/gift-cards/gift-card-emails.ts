import { type IdentityWords, firstNameOf } from '#app/content/site-words.ts'
import type { OutgoingEmail } from '#app/features/mail/email.ts'
import {
  customerEmail,
  detailsTable,
  emailButton,
  emailHeading,
  markup,
  ownerEmail,
} from '#app/features/mail/html.ts'
import { formatMoney } from '#app/utils/money.ts'
import { type GiftCardOrder, formatGiftCardCode } from './gift-card-rules.ts'

/** A paid gift card, as its emails tell of it. */
export type SoldGiftCard = GiftCardOrder & { code: string }

const firstName = (name: string) => firstNameOf(name) || name

/**
 * The card itself, to the person it is for: who it is from, their words, the
 * amount and the code, and where to spend it.
 */
export function composeGiftCardToRecipient(
  card: SoldGiftCard,
  { siteUrl, bakery }: { siteUrl: string; bakery: IdentityWords },
): OutgoingEmail {
  const amount = formatMoney(card.amountCents)
  const code = formatGiftCardCode(card.code)
  const lead = `${card.buyerName} sent you a ${amount} gift card for ${bakery.name}.`
  const rows: [string, string][] = [
    ['Gift card', amount],
    ['Your code', code],
  ]
  const how =
    'Order on our site, and when your order’s page asks for payment, choose “Pay with a gift card” and type the code. What you do not spend stays on the card for your next order.'
  const orderUrl = `${siteUrl}/ordernow`
  return customerEmail({
    to: { name: card.recipientName, address: card.recipientEmail },
    subject: `${firstName(card.buyerName)} sent you a ${bakery.name} gift card`,
    text: [
      `Hi ${firstName(card.recipientName)},`,
      '',
      lead,
      ...(card.message ? ['', card.message] : []),
      '',
      ...rows.map(([label, value]) => `${label}: ${value}`),
      '',
      how,
      '',
      `Order: ${orderUrl}`,
      '',
      `${bakery.ownerName}, ${bakery.name}`,
    ].join('\n'),
    preview: lead,
    content: [
      emailHeading('A gift card for you'),
      markup`<p style="margin:0 0 16px">Hi ${firstName(card.recipientName)},</p><p style="margin:0 0 16px">${lead}</p>`,
      card.message
        ? markup`<blockquote style="margin:0 0 16px;padding:12px 16px;border-left:4px solid #c2185b;background:#fff6f0;white-space:pre-line">${card.message}</blockquote>`
        : null,
      detailsTable(rows),
      markup`<p style="margin:16px 0">${how}</p>`,
      emailButton({ href: orderUrl, label: 'Order now' }),
    ],
    bakery,
  })
}

/** The buyer's receipt: paid, and the card is on its way to them. */
export function composeGiftCardToBuyer(
  card: SoldGiftCard,
  { bakery }: { bakery: IdentityWords },
): OutgoingEmail {
  const amount = formatMoney(card.amountCents)
  const lead = `Thank you: your ${amount} gift card for ${card.recipientName} is paid, and we have emailed it to ${card.recipientEmail}.`
  const rows: [string, string][] = [
    ['Gift card', amount],
    ['For', `${card.recipientName} (${card.recipientEmail})`],
    ['Paid by card', amount],
  ]
  return customerEmail({
    to: { name: card.buyerName, address: card.buyerEmail },
    subject: `Your gift card for ${card.recipientName} — ${bakery.name}`,
    text: [
      `Hi ${firstName(card.buyerName)},`,
      '',
      lead,
      '',
      ...rows.map(([label, value]) => `${label}: ${value}`),
      '',
      `Questions? Just reply to this email; it reaches ${bakery.ownerName} at ${bakery.name}.`,
      '',
      `${bakery.ownerName}, ${bakery.name}`,
    ].join('\n'),
    preview: lead,
    content: [
      emailHeading('Gift card sent'),
      markup`<p style="margin:0 0 16px">Hi ${firstName(card.buyerName)},</p><p style="margin:0 0 16px">${lead}</p>`,
      detailsTable(rows),
    ],
    bakery,
  })
}

/** The owner hears of a gift card sold: who bought it, for whom, how much. */
export function composeGiftCardSoldOwner(
  card: SoldGiftCard,
  { giftCardsUrl, bakeryName }: { giftCardsUrl: string; bakeryName: string },
): OutgoingEmail {
  const amount = formatMoney(card.amountCents)
  const subject = `${card.buyerName} bought a ${amount} gift card`
  const said = `${card.buyerName} (${card.buyerEmail}) bought a ${amount} gift card for ${card.recipientName} (${card.recipientEmail}), paid by card through Stripe. It was emailed to them with its code.`
  return ownerEmail({
    subject,
    text: `${said}\n\nYour gift cards: ${giftCardsUrl}\n`,
    content: markup`<p>${said}</p>${emailButton({ href: giftCardsUrl, label: 'Your gift cards' })}`,
    bakeryName,
    summary: said,
  })
}
