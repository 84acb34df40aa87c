import { useSiteWords } from '#app/components/use-site-words.ts'
import { INVITE_GONE } from './account.ts'
import { LinkPasswordPage } from './link-password-page.tsx'
import { PASSWORD_MIN_LENGTH } from './password-limits.ts'

/**
 * The page an invitation email opens: "Join {her bakery}", by the name she
 * gave it in Settings › Your site, and a password to choose while the link
 * works.
 */
export function AdminInvitePage({
  email,
  error,
}: {
  /** The invited address, or null once the link has expired or been used. */
  email: string | null
  error: string | null
}) {
  const { identity } = useSiteWords()
  return (
    <LinkPasswordPage
      eyebrow="For the bakery’s team"
      heading={`Join ${identity.name}`}
      intro={
        <>
          You were invited to run the site as <strong className="break-words">{email}</strong>.
          Choose a password: at least {PASSWORD_MIN_LENGTH} characters; a few words you will
          remember work well.
        </>
      }
      ids={['invite-password', 'invite-confirm']}
      label="Password"
      submitLabel="Join and sign in"
      linkWorks={email !== null}
      gone={INVITE_GONE}
      error={error}
    />
  )
}
