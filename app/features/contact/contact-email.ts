import type { OutgoingEmail } from '#app/features/mail/email.ts'
import { detailsTable, markup, ownerEmailHtml } from '#app/features/mail/html.ts'
import { formatPhoneNumber } from '#app/utils/phone-number.ts'
import type { ContactMessage } from './contact-schema.ts'

/** The email that brings a visitor's question to the owner; `bakeryName` (hers) signs its footer. */
export function composeContactEmail(message: ContactMessage, bakeryName: string): OutgoingEmail {
  const details: [string, string][] = [
    ['Name', message.name],
    ['Email', message.email],
    ['Phone', formatPhoneNumber(message.phone_number)],
  ]
  const subject = `New message from ${message.name}`
  return {
    subject,
    text: `${subject}\n\n${details.map(([label, value]) => `${label}: ${value}`).join('\n')}\n\nMessage:\n${message.message}\n\nReply to this email to answer ${message.name}.\n`,
    html: ownerEmailHtml({
      heading: subject,
      content: markup`${detailsTable(details)}<p style="white-space:pre-wrap;margin-top:16px;padding:12px 16px;background:#fbefe3;border-radius:8px">${message.message}</p>`,
      replyName: message.name,
      bakeryName,
    }),
    replyTo: { name: message.name, address: message.email },
    emailjs: {
      call: 'send-form',
      template: 'contact',
      fields: {
        name: message.name,
        email: message.email,
        phone_number: message.phone_number,
        message: message.message,
      },
    },
  }
}
