import { Form } from 'react-router'
import { FormField } from '#app/components/form-field.tsx'
import { CardAnswer, SettingsCard, answerFor, cardAction } from '#app/components/settings-card.tsx'
import { CHANGE_PASSWORD, type ChangePasswordResult } from './account.ts'
import { NewPasswordFields } from './new-password-fields.tsx'
import { PASSWORD_MIN_LENGTH } from './password-limits.ts'

/** Settings' "Your password": the current one, then the new one twice. */
export function ChangePasswordSettings({ posted }: { posted: unknown }) {
  const answer = answerFor<ChangePasswordResult>(posted, { intents: [CHANGE_PASSWORD] })
  return (
    <SettingsCard id="password" title="Your password" className="mt-8">
      <p className="mt-2">
        Changing it signs you out on every other browser and phone. Forgot it? Use “Forgot
        password?” in the sign-in dialog.
      </p>
      {/* Keyed by the answer, so a changed password leaves empty fields. */}
      <Form
        key={answer?.ok ? 'changed' : 'form'}
        method="post"
        action={cardAction('password')}
        className="mt-4 grid gap-4"
      >
        <input type="hidden" name="intent" value={CHANGE_PASSWORD} />
        <FormField name="current-password" label="Current password">
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
        <NewPasswordFields
          ids={['settings-new-password', 'settings-confirm-password']}
          label="New password"
          confirmLabel="Type the new password again"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        />
        <div>
          <button type="submit" className="button-primary">
            Change password
          </button>
        </div>
      </Form>
      <CardAnswer cardId="password" answer={answer} className="mt-2" />
    </SettingsCard>
  )
}
