import type { IdentityWords } from '#app/content/site-words.ts'
import type { OutgoingEmail } from '#app/features/mail/email.ts'
import { customerEmail, emailButton, emailHeading, markup } from '#app/features/mail/html.ts'
import { endSentence } from '#app/utils/clock-times.ts'

/**
 * The email that offers a waiting customer what came free: what, in which
 * drop, kept for her until when, and the one link that claims it.
 */
export function composeWaitlistOffer({
  email,
  what,
  dropName,
  pickupDay,
  until,
  claimUrl,
  bakery,
}: {
  email: string
  /** 'Sourdough loaf' or 'a place at 10:00 a.m.–11:00 a.m.' */
  what: string
  dropName: string
  pickupDay: string
  /** When the kept stock goes to the next on the list: '12:40 p.m.'. */
  until: string
  claimUrl: string
  bakery: IdentityWords
}): OutgoingEmail {
  const subject = `It came free: ${what} from ${dropName}`
  const lead = `You asked us to tell you if ${what} came free in ${dropName} (pickup ${pickupDay}). It has, and we are keeping it for you until ${endSentence(until)}`
  const next =
    'Choose what you would like and reserve it before then; after that it goes to the next person waiting.'
  const text = [
    'Hello,',
    '',
    lead,
    '',
    next,
    '',
    `Reserve it: ${claimUrl}`,
    '',
    `${bakery.ownerName}, ${bakery.name}`,
  ].join('\n')
  return customerEmail({
    to: { name: '', address: email },
    subject,
    text,
    preview: `Kept for you until ${endSentence(until)}`,
    content: [
      emailHeading('It came free'),
      markup`<p style="margin:0 0 16px">${lead}</p><p style="margin:0 0 16px">${next}</p>`,
      emailButton({ href: claimUrl, label: 'Reserve it' }),
    ],
    statusUrl: claimUrl,
    bakery,
  })
}

/**
 * The email that offers a customer waiting for a full day what came free:
 * the day, for her treat, kept for her until when, and the link to send
 * her request for it.
 */
export function composeDayOffer({
  email,
  treat,
  day,
  until,
  claimUrl,
  bakery,
}: {
  email: string
  treat: string
  /** 'Saturday, December 12, 2026' */
  day: string
  /** When the kept room goes to the next on the list: '12:40 p.m.'. */
  until: string
  claimUrl: string
  bakery: IdentityWords
}): OutgoingEmail {
  const subject = `${day} came free for your ${treat}`
  const lead = `You asked us to tell you if ${day} freed up. It has, and we are keeping room for your ${treat} that day until ${endSentence(until)}`
  const next =
    'Tell us about it and send your request before then; after that the day goes to the next person waiting.'
  const text = [
    'Hello,',
    '',
    lead,
    '',
    next,
    '',
    `Send your request: ${claimUrl}`,
    '',
    `${bakery.ownerName}, ${bakery.name}`,
  ].join('\n')
  return customerEmail({
    to: { name: '', address: email },
    subject,
    text,
    preview: `Kept for you until ${endSentence(until)}`,
    content: [
      emailHeading('Your day came free'),
      markup`<p style="margin:0 0 16px">${lead}</p><p style="margin:0 0 16px">${next}</p>`,
      emailButton({ href: claimUrl, label: 'Send your request' }),
    ],
    statusUrl: claimUrl,
    bakery,
  })
}
