import { site } from '#app/content/site.ts'
import type { Db } from '#app/db/db.server.ts'
import { kickDeliveryWorker } from '#app/features/mail/delivery-worker.server.ts'
import type { OutgoingEmail } from '#app/features/mail/email.ts'
import { emailButton, markup, ownerEmailHtml } from '#app/features/mail/html.ts'
import { enqueueEmail } from '#app/features/mail/outbox.server.ts'

/** How long a link to set a new password works, once. */
export const RESET_LINK_MINUTES = 15

/** The page a reset link opens: the token is the path's last segment. */
export const RESET_PATH = '/admin/reset-password'

/** The email with an admin's one-time link to set a new password. */
export function composePasswordResetEmail({ to, url }: { to: string; url: string }): OutgoingEmail {
  const subject = `Set a new password — ${site.brandTitle}`
  const lines = [
    `Someone (we hope you) asked to set a new password for ${to} on the ${site.brandTitle} website.`,
    `This link works once, for ${RESET_LINK_MINUTES} minutes, and signs you out everywhere else:`,
  ]
  const ignore = 'If it was not you, ignore this email: your password stays as it is.'
  return {
    subject,
    text: [...lines, url, '', ignore, ''].join('\n'),
    html: ownerEmailHtml({
      heading: 'Set a new password',
      content: markup`${lines.map((line) => markup`<p>${line}</p>`)}${emailButton({ href: url, label: 'Set a new password' })}<p>${ignore}</p>`,
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

/** Queues the link through the outbox (never straight to SMTP) and sends it at once. */
export async function queuePasswordResetEmail(
  db: Db,
  { to, url, now = Date.now() }: { to: string; url: string; now?: number },
): Promise<void> {
  await enqueueEmail(
    db,
    { topic: 'password_reset', subjectId: 0, email: composePasswordResetEmail({ to, url }) },
    now,
  )
  kickDeliveryWorker()
}
