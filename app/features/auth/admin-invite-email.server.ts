import { site } from '#app/content/site.ts'
import type { OutgoingEmail } from '#app/features/mail/email.ts'
import { emailButton, markup, ownerEmailHtml } from '#app/features/mail/html.ts'

/** How long an invitation to become an admin works, once. */
export const INVITE_DAYS = 7

/** The page an invitation opens: the token is the path's last segment. */
export const INVITE_PATH = '/admin/invite'

/** The email inviting someone to run the site with the owner. */
export function composeAdminInviteEmail({
  to,
  from,
  url,
}: {
  to: string
  from: string
  url: string
}): OutgoingEmail {
  const subject = `You are invited to help run ${site.brandTitle}`
  const lines = [
    `${from} invited you (${to}) to be an admin of the ${site.brandTitle} website: its orders, calendar, messages and settings.`,
    `Choose a password with this link. It works once, for ${INVITE_DAYS} days:`,
  ]
  const ignore = 'Not expecting this? Ignore the email: nothing happens without the link.'
  return {
    subject,
    text: [...lines, url, '', ignore, ''].join('\n'),
    html: ownerEmailHtml({
      heading: 'You are invited',
      content: markup`${lines.map((line) => markup`<p>${line}</p>`)}${emailButton({ href: url, label: 'Choose a password' })}<p>${ignore}</p>`,
    }),
    to: { name: to, address: to },
    // Through EmailJS it takes the customer template: the text stands in for its message.
    emailjs: {
      call: 'send',
      template: 'customer',
      templateParams: {
        to_name: to,
        to_email: to,
        subject,
        message: [...lines, url].join('\n'),
        status_url: '',
      },
    },
  }
}
