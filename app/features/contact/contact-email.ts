import { site } from '#app/content/site.ts'
import { escapeHtml } from '#app/utils/html.ts'
import type { OutgoingEmail } from '../mail/email.ts'
import type { ContactMessage } from './contact-schema.ts'

/** The email that brings a visitor's question to the owner. */
export function composeContactEmail(message: ContactMessage): OutgoingEmail {
  const details: [string, string][] = [
    ['Name', message.name],
    ['Email', message.email],
    ['Phone', message.phone_number],
  ]
  const subject = `New message from ${message.name}`
  return {
    subject,
    text: `${subject}\n\n${details.map(([label, value]) => `${label}: ${value}`).join('\n')}\n\nMessage:\n${message.message}\n\nReply to this email to answer ${message.name}.\n`,
    html: `<!doctype html><html><body style="font-family:Helvetica,Arial,sans-serif;color:#3b2418;line-height:1.5"><h1 style="font-size:22px">${escapeHtml(subject)}</h1><table role="presentation" style="border-collapse:collapse">${details
      .map(
        ([label, value]) =>
          `<tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
      )
      .join(
        '',
      )}</table><p style="white-space:pre-wrap;margin-top:16px;padding:12px 16px;background:#fbefe3;border-radius:8px">${escapeHtml(message.message)}</p><p style="color:#6b3e2e">Reply to this email to answer ${escapeHtml(message.name)}. Sent by the ${escapeHtml(site.brandTitle)} website.</p></body></html>`,
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
