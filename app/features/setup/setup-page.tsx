import { Form, useNavigation } from 'react-router'
import { FormField } from '#app/components/form-field.tsx'
import { bakeryMarkSvg } from '#app/content/built-in-pictures.ts'
import { NewPasswordFields } from '#app/features/auth/new-password-fields.tsx'
import { PASSWORD_MIN_LENGTH } from '#app/features/auth/password-limits.ts'
import { CurrencyField, TimeZoneField } from '#app/features/site-content/local-fields.tsx'
import {
  BAKERY_NAME_FIELD,
  CURRENCY_FIELD,
  DEMO_FIELD,
  OWNER_NAME_FIELD,
  TIME_ZONE_FIELD,
  SETUP_REFUSALS,
  type SetupReply,
  type SetupState,
} from './setup-form.ts'

/**
 * /admin/setup: the first-run form the boot's one-time link opens, or a
 * sentence saying why it is not open. Works without JavaScript.
 */
export function SetupPage({
  state,
  token,
  timeZone,
  currency,
  timeZones,
  reply,
}: {
  state: SetupState
  token: string
  /** The seeded time zone and currency, to change or keep. */
  timeZone: string
  currency: string
  /** The time zones the server accepts, offered as suggestions. */
  timeZones: readonly string[]
  reply: SetupReply | undefined
}) {
  const failed = reply && !reply.ok ? reply : undefined
  return (
    <section className="page-section max-w-xl">
      <span
        className="mb-4 block w-14"
        aria-hidden="true"
        // A mark with no initial: the bakery has no name yet.
        dangerouslySetInnerHTML={{ __html: bakeryMarkSvg('', '100%') }}
      />
      <p className="eyebrow">Welcome</p>
      <h1 className="page-heading mt-2">Set up your bakery</h1>
      {state === 'open' ? (
        <SetupForm
          token={token}
          timeZone={timeZone}
          currency={currency}
          timeZones={timeZones}
          failed={failed}
        />
      ) : (
        <p className="status-error mt-6" role="alert">
          {failed?.error ?? SETUP_REFUSALS[state]}
        </p>
      )}
    </section>
  )
}

type SetupRefusal = Extract<SetupReply, { ok: false }>

/** The message a refusal gives a field, if it is that field's. */
type FieldErrorOf = (field: string) => string | undefined

/** The first-run form: her sign-in, the bakery's and her name, where it is, and the demo choice. */
function SetupForm({
  token,
  timeZone,
  currency,
  timeZones,
  failed,
}: {
  token: string
  timeZone: string
  currency: string
  timeZones: readonly string[]
  failed: SetupRefusal | undefined
}) {
  const navigation = useNavigation()
  const fieldError = (field: string) => (failed?.field === field ? failed.error : undefined)
  return (
    <Form
      method="post"
      action={`/admin/setup?token=${encodeURIComponent(token)}`}
      className="card mt-6 grid gap-4 p-5"
    >
      <p>
        Make your own sign-in, name your bakery and say where it is. You can change all of it later
        in Settings.
      </p>
      <SignInFields fieldError={fieldError} />
      <NameFields fieldError={fieldError} />
      <TimeZoneField
        id="setup-time-zone"
        defaultValue={timeZone}
        timeZones={timeZones}
        error={fieldError(TIME_ZONE_FIELD)}
      />
      <CurrencyField
        id="setup-currency"
        defaultValue={currency}
        error={fieldError(CURRENCY_FIELD)}
      />
      <DemoChoice error={fieldError(DEMO_FIELD)} />
      <button type="submit" className="button-primary" disabled={navigation.state === 'submitting'}>
        Set up and sign in
      </button>
      <div role="alert" className="min-h-6">
        {failed && !failed.field ? <p className="form-error">{failed.error}</p> : null}
      </div>
    </Form>
  )
}

/** Her own sign-in: her email and a password typed twice. */
function SignInFields({ fieldError }: { fieldError: FieldErrorOf }) {
  return (
    <>
      <FormField name="setup-email" label="Your email" error={fieldError('email')}>
        {(props) => (
          <input
            {...props}
            name="email"
            type="email"
            required
            autoComplete="email"
            maxLength={254}
          />
        )}
      </FormField>
      <NewPasswordFields
        ids={['setup-password', 'setup-confirm']}
        label="Choose a password"
        confirmLabel="Type it again"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters; a few words you will remember work well.`}
      />
      {fieldError('password') ? <p className="form-error">{fieldError('password')}</p> : null}
    </>
  )
}

/** The bakery's name and hers, as the site and its emails show them. */
function NameFields({ fieldError }: { fieldError: FieldErrorOf }) {
  return (
    <>
      <FormField
        name="setup-bakery-name"
        label="Your bakery’s name"
        hint="Shown at the top of every page and in emails."
        error={fieldError(BAKERY_NAME_FIELD)}
      >
        {(props) => (
          <input {...props} name={BAKERY_NAME_FIELD} type="text" required maxLength={80} />
        )}
      </FormField>
      <FormField
        name="setup-owner-name"
        label="Your name"
        hint="Signs your emails and answers “who bakes here?” on the site."
        error={fieldError(OWNER_NAME_FIELD)}
      >
        {(props) => (
          <input
            {...props}
            name={OWNER_NAME_FIELD}
            type="text"
            required
            maxLength={80}
            autoComplete="name"
          />
        )}
      </FormField>
    </>
  )
}

/** Whether the site starts with the demo menu and words, or empty. */
function DemoChoice({ error }: { error: string | undefined }) {
  return (
    <fieldset className="form-field" aria-describedby={error ? 'setup-demo-error' : undefined}>
      <legend className="form-label">Start with the demo menu and words?</legend>
      <label className="choice-label">
        <input type="radio" name={DEMO_FIELD} value="yes" required defaultChecked />
        <span>Yes: a sample menu and story to change at your own pace</span>
      </label>
      <label className="choice-label">
        <input type="radio" name={DEMO_FIELD} value="no" required />
        <span>No: an empty menu and plain words I fill in myself</span>
      </label>
      {error ? (
        <p id="setup-demo-error" className="form-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
