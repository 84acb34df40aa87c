import { Form } from 'react-router'
import { FormField } from '#app/components/form-field.tsx'
import { CardAnswer, SettingsCard, answerFor, cardAction } from '#app/components/settings-card.tsx'
import {
  type AccountIntent,
  type AccountResult,
  CHANGE_EMAIL,
  INVITE_ADMIN,
  REMOVE_ADMIN,
} from './account.ts'

export interface AccountAdmin {
  email: string
  you: boolean
}

/**
 * "Your sign-in email" and "Admins": her own address, and who else may run
 * the site with her (a partner, a helper at Christmas), invited by email.
 */
export function AccountSettings({
  admins,
  posted,
}: {
  admins: AccountAdmin[]
  /** The page's action data, whichever form it answered. */
  posted: unknown
}) {
  const answerTo = (intent: AccountIntent) =>
    answerFor<AccountResult>(posted, { intents: [intent] })
  const you = admins.find((admin) => admin.you)
  return (
    <>
      <SettingsCard id="email" title="Your sign-in email" className="mt-8">
        <p className="mt-2">
          You sign in with <strong className="break-words">{you?.email}</strong>. A new address
          takes effect at once; your password stays the same.
        </p>
        <Form
          key={answerTo(CHANGE_EMAIL)?.ok ? 'changed' : 'form'}
          method="post"
          action={cardAction('email')}
          className="mt-4 grid gap-4 sm:max-w-md"
        >
          <input type="hidden" name="intent" value={CHANGE_EMAIL} />
          <FormField name="account-new-email" label="New sign-in email">
            {(props) => (
              <input {...props} name="email" type="email" required autoComplete="email" />
            )}
          </FormField>
          <FormField name="account-email-password" label="Current password">
            {(props) => (
              <input
                {...props}
                name="current_password"
                type="password"
                required
                autoComplete="current-password"
              />
            )}
          </FormField>
          <div>
            <button type="submit" className="button-primary">
              Change email
            </button>
          </div>
        </Form>
        <CardAnswer cardId="email" answer={answerTo(CHANGE_EMAIL)} className="mt-2" />
      </SettingsCard>

      {/* Its two forms answer each beside itself: a removal under the list, an invitation under its form. */}
      <SettingsCard id="admins" title="Admins" className="mt-8">
        <p className="mt-2">Everyone here can see and change every order, message and setting.</p>
        <ul className="mt-4 grid gap-3">
          {admins.map((admin) => (
            <li
              key={admin.email}
              className="rounded-xl border border-blush bg-paper px-4 py-3"
              aria-label={admin.you ? `${admin.email} (you)` : admin.email}
            >
              <p className="break-words font-bold">
                {admin.email}
                {admin.you ? <span className="font-normal text-chocolate"> (you)</span> : null}
              </p>
              {admin.you ? null : (
                <details className="mt-2">
                  <summary className="text-link inline-flex min-h-11 cursor-pointer items-center">
                    Remove…
                  </summary>
                  <Form
                    method="post"
                    action={cardAction('remove-admin')}
                    className="mt-2 grid gap-3"
                  >
                    <input type="hidden" name="intent" value={REMOVE_ADMIN} />
                    <input type="hidden" name="email" value={admin.email} />
                    <label className="tick-label">
                      <input type="checkbox" name="confirm" value="on" required />
                      <span>Remove {admin.email}: they are signed out at once.</span>
                    </label>
                    <div>
                      <button type="submit" className="button-secondary">
                        Remove admin
                      </button>
                    </div>
                  </Form>
                </details>
              )}
            </li>
          ))}
        </ul>
        <CardAnswer cardId="remove-admin" answer={answerTo(REMOVE_ADMIN)} className="mt-2" />
        <h3 className="mt-6 font-display text-xl font-bold">Invite an admin</h3>
        <p className="mt-1">
          They get an email with a link to choose a password. It works once, for a week.
        </p>
        <Form
          key={answerTo(INVITE_ADMIN)?.ok ? 'sent' : 'form'}
          method="post"
          action={cardAction('invite')}
          className="mt-4 grid gap-4 sm:max-w-md"
        >
          <input type="hidden" name="intent" value={INVITE_ADMIN} />
          <FormField name="invite-email" label="Their email">
            {(props) => <input {...props} name="email" type="email" required autoComplete="off" />}
          </FormField>
          <div>
            <button type="submit" className="button-primary">
              Send invitation
            </button>
          </div>
        </Form>
        <CardAnswer cardId="invite" answer={answerTo(INVITE_ADMIN)} className="mt-2" />
      </SettingsCard>
    </>
  )
}
