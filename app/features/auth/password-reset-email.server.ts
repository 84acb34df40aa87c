import type { Db } from '#app/db/db.server.ts'
import { kickDeliveryWorker } from '#app/features/mail/delivery-worker.server.ts'
import type { OutgoingEmail } from '#app/features/mail/email.ts'
import { enqueueEmail } from '#app/features/mail/outbox.server.ts'
import { readSiteSection } from '#app/features/site-content/site-content.server.ts'
import { composeLinkEmail } from './link-email.server.ts'

/** How long a link to set a new password works, once. */
export const RESET_LINK_MINUTES = 15

/** The page a reset link opens: the token is the path's last segment. */
export const RESET_PATH = '/admin/reset-password'

/** The email with an admin's one-time link to set a new password. */
export function composePasswordResetEmail({
  to,
  url,
  bakeryName,
}: {
  to: string
  url: string
  /** Her bakery's name (Settings › Your site). */
  bakeryName: string
}): OutgoingEmail {
  return composeLinkEmail({
    to,
    bakeryName,
    subject: `Set a new password — ${bakeryName}`,
    heading: 'Set a new password',
    lines: [
      `Someone (we hope you) asked to set a new password for ${to} on the ${bakeryName} website.`,
      `This link works once, for ${RESET_LINK_MINUTES} minutes, and signs you out everywhere else:`,
    ],
    url,
    buttonLabel: 'Set a new password',
    ignore: 'If it was not you, ignore this email: your password stays as it is.',
  })
}

/** Queues the link through the outbox (never straight to SMTP) and sends it at once. */
export async function queuePasswordResetEmail(
  db: Db,
  { to, url, now = Date.now() }: { to: string; url: string; now?: number },
): Promise<void> {
  await enqueueEmail(
    db,
    {
      topic: 'password_reset',
      subjectId: 0,
      email: composePasswordResetEmail({
        to,
        url,
        bakeryName: (await readSiteSection(db, 'identity')).name,
      }),
    },
    now,
  )
  kickDeliveryWorker()
}
