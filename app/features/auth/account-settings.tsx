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
      <SignInEmailCard email={you?.email} answer={answerTo(CHANGE_EMAIL)} />

      {/* Its two forms answer each beside itself: a removal under the list, an invitation under its form. */}
      <AdminsCard
        admins={admins}
        removeAnswer={answerTo(REMOVE_ADMIN)}
        inviteAnswer={answerTo(INVITE_ADMIN)}
      />
    </>
  )
}

type AccountAnswer = AccountResult | undefined

/** Her own sign-in address, and the form that changes it. */
function SignInEmailCard({ email, answer }: { email: string | undefined; answer: AccountAnswer }) {
  return (
    <SettingsCard id="email" title="Your sign-in email" className="mt-8">
      <p className="mt-2">
        You sign in with <strong className="break-words">{email}</strong>. A new address takes
        effect at once; your password stays the same.
      </p>
      <Form
        key={answer?.ok ? 'changed' : 'form'}
        method="post"
        action={cardAction('email')}
        className="mt-4 grid gap-4 sm:max-w-md"
      >
        <input type="hidden" name="intent" value={CHANGE_EMAIL} />
        <FormField name="account-new-email" label="New sign-in email">
          {(props) => <input {...props} name="email" type="email" required autoComplete="email" />}
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
      <CardAnswer cardId="email" answer={answer} className="mt-2" />
    </SettingsCard>
  )
}

/** Everyone who may run the site, each removable but her, and the invitation for another. */
function AdminsCard({
  admins,
  removeAnswer,
  inviteAnswer,
}: {
  admins: AccountAdmin[]
  removeAnswer: AccountAnswer
  inviteAnswer: AccountAnswer
}) {
  return (
    <SettingsCard id="admins" title="Admins" className="mt-8">
      <p className="mt-2">Everyone here can see and change every order, message and setting.</p>
      <ul className="mt-4 grid gap-3">
        {admins.map((admin) => (
          <AdminRow key={admin.email} admin={admin} />
        ))}
      </ul>
      <CardAnswer cardId="remove-admin" answer={removeAnswer} className="mt-2" />
      <h3 className="mt-6 font-display text-xl font-bold">Invite an admin</h3>
      <p className="mt-1">
        They get an email with a link to choose a password. It works once, for a week.
      </p>
      <InviteAdminForm answer={inviteAnswer} />
      <CardAnswer cardId="invite" answer={inviteAnswer} className="mt-2" />
    </SettingsCard>
  )
}

/** One admin; anyone but her has a confirmed removal tucked under "Remove…". */
function AdminRow({ admin }: { admin: AccountAdmin }) {
  return (
    <li
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
          <Form method="post" action={cardAction('remove-admin')} className="mt-2 grid gap-3">
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
  )
}

/** Emptied once an invitation is sent, so the next starts blank. */
function InviteAdminForm({ answer }: { answer: AccountAnswer }) {
  return (
    <Form
      key={answer?.ok ? 'sent' : 'form'}
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
  )
}
