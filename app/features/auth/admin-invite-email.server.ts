import type { OutgoingEmail } from '#app/features/mail/email.ts'
import { composeLinkEmail } from './link-email.server.ts'

/** How long an invitation to become an admin works, once. */
export const INVITE_DAYS = 7

/** The page an invitation opens: the token is the path's last segment. */
export const INVITE_PATH = '/admin/invite'

/** The email inviting someone to run the site with the owner. */
export function composeAdminInviteEmail({
  to,
  from,
  url,
  bakeryName,
}: {
  to: string
  from: string
  url: string
  /** Her bakery's name (Settings › Your site). */
  bakeryName: string
}): OutgoingEmail {
  return composeLinkEmail({
    to,
    bakeryName,
    subject: `You are invited to help run ${bakeryName}`,
    heading: 'You are invited',
    lines: [
      `${from} invited you (${to}) to be an admin of the ${bakeryName} website: its orders, calendar, messages and settings.`,
      `Choose a password with this link. It works once, for ${INVITE_DAYS} days:`,
    ],
    url,
    buttonLabel: 'Choose a password',
    ignore: 'Not expecting this? Ignore the email: nothing happens without the link.',
  })
}
