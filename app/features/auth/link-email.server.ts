import type { OutgoingEmail } from '#app/features/mail/email.ts'
import { emailButton, markup, ownerEmailHtml } from '#app/features/mail/html.ts'

/**
 * An email whose whole point is one single-use link to an owner page (a
 * password reset, an invitation): what it is for, the link as a button and
 * as plain text, and what to do if it was not expected.
 */
export function composeLinkEmail({
  to,
  subject,
  heading,
  lines,
  url,
  buttonLabel,
  ignore,
  bakeryName,
}: {
  to: string
  subject: string
  heading: string
  /** The sentences before the link, one paragraph each. */
  lines: string[]
  url: string
  buttonLabel: string
  /** The last line: why it is safe to ignore. */
  ignore: string
  /** Her bakery's name, for the footer. */
  bakeryName: string
}): OutgoingEmail {
  return {
    subject,
    text: [...lines, url, '', ignore, ''].join('\n'),
    html: ownerEmailHtml({
      heading,
      bakeryName,
      content: markup`${lines.map((line) => markup`<p>${line}</p>`)}${emailButton({ href: url, label: buttonLabel })}<p>${ignore}</p>`,
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
