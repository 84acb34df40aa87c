import type { IdentityWords } from '#app/content/site-words.ts'
import type { OutgoingEmail } from '#app/features/mail/email.ts'
import {
  customerEmail,
  detailsTable,
  emailButton,
  emailHeading,
  markup,
  ownerEmail,
} from '#app/features/mail/html.ts'
import { type ReviewInput, type ReviewLink, firstNameOf, starsLabel } from './review-schema.ts'

/** Where on her page the review form is. */
export function reviewUrl(siteUrl: string, token: string): string {
  return `${siteUrl}/requests/${token}#review`
}

/**
 * The customer's one invitation to review, the day after her order was
 * completed: a link to the form on her private page.
 */
export function composeReviewRequest({
  link,
  siteUrl,
  bakery,
}: {
  link: ReviewLink
  siteUrl: string
  /** Her name, her bakery's, its place and email (Settings › Your site). */
  bakery: IdentityWords
}): OutgoingEmail {
  const firstName = firstNameOf(link.name)
  const url = reviewUrl(siteUrl, link.token)
  const lead = `Thank you for ordering from ${bakery.name}. We hope it was everything you wanted. Would you tell us how it went? A few stars and a line or two help a small home bakery more than anything.`
  const note =
    'You choose whether we may show your review on our site, and with which name. It takes a minute, and this is the only time we ask.'
  const text = [
    `Hi ${firstName},`,
    '',
    lead,
    '',
    note,
    '',
    `Write your review: ${url}`,
    '',
    `${bakery.ownerName}, ${bakery.name}`,
  ].join('\n')
  return customerEmail({
    to: { name: link.name, address: link.email },
    subject: `How was your order? — ${bakery.name}`,
    text,
    preview: 'A few stars and a line or two help a small home bakery more than anything.',
    content: [
      emailHeading('How was your order?'),
      markup`<p style="margin:0 0 16px">Hi ${firstName},</p><p style="margin:0 0 16px">${lead}</p><p style="margin:0 0 16px">${note}</p>`,
      emailButton({ href: url, label: 'Write your review' }),
    ],
    statusUrl: url,
    bakery,
  })
}

/** The owner's news of a new review, with her words as she wrote them (escaped by markup). */
export function composeReviewReceived({
  review,
  link,
  siteUrl,
  bakeryName,
}: {
  review: ReviewInput
  link: ReviewLink
  siteUrl: string
  /** Her bakery's name, for the footer. */
  bakeryName: string
}): OutgoingEmail {
  const stars = starsLabel(review.rating)
  const permission = review.mayShow ? 'Yes: you may show it on your site' : 'No: keep it private'
  const subject = `New review: ${stars} from ${link.name}`
  const rows: [string, string][] = [
    ['Stars', stars],
    ['Review', review.words || '(no words, just stars)'],
    ['Shown as', review.displayName],
    ['May show it', permission],
  ]
  const listUrl = `${siteUrl}/admin/reviews`
  const text = [
    `${link.name} reviewed her order.`,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    review.mayShow
      ? `Show it on Home and About from your reviews: ${listUrl}`
      : `See it among your reviews: ${listUrl}`,
  ].join('\n')
  return ownerEmail({
    subject,
    text,
    content: markup`${detailsTable(rows)}<p style="margin-top:16px"><a href="${listUrl}">Your reviews</a></p>`,
    bakeryName,
    replyTo: { name: link.name, address: link.email },
    summary: `${subject}. ${review.words}`,
  })
}
