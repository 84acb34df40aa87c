import { type FormEvent, useEffect, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { useFetcher } from 'react-router'
import { FormField } from '#app/components/form-field.tsx'
import { HoneypotField } from '#app/components/honeypot-field.tsx'
import { PersonFields } from '#app/components/person-fields.tsx'
import { type FieldErrors, fieldErrorsOf, focusFirstInvalid } from '#app/utils/field-errors.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { CONTACT_LIMITS } from './contact-options.ts'
import type { ContactField } from './contact-schema.ts'
import type { ContactSendResult } from './contact-send.server.ts'

// The schema (and zod with it) loads when the visitor first touches the form,
// not with the page.
const loadContactSchema = () => import('./contact-schema.ts')

const SUCCESS = 'Message sent successfully!'
const FAILURE = 'Failed to send message. Try again later.'

/**
 * The contact form. It is a plain form post, so it also works without
 * JavaScript (the browser's checks run, and the page renders the server's
 * `postedResult`); with JavaScript it checks every field with the shared
 * schema, shows each message beside its field, and sends in the background.
 */
export function ContactForm({ postedResult }: { postedResult?: ContactSendResult }) {
  const fetcher = useFetcher<ContactSendResult>()
  const hydrated = useHydrated()
  const formRef = useRef<HTMLFormElement>(null)
  const [clientErrors, setClientErrors] = useState<FieldErrors<ContactField> | null>(null)
  const result = fetcher.data ?? postedResult
  const sending = fetcher.state !== 'idle'
  const errors = clientErrors ?? (result && !result.ok ? (result.fieldErrors ?? {}) : {})
  const values = result && !result.ok ? result.values : undefined

  useEffect(() => {
    if (fetcher.data?.ok) formRef.current?.reset()
  }, [fetcher.data])

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const { ContactMessageSchema } = await loadContactSchema()
    const parsed = ContactMessageSchema.safeParse(Object.fromEntries(new FormData(form)))
    if (!parsed.success) {
      const found = fieldErrorsOf<ContactField>(parsed.error)
      // Rendered before focus moves, so the field is announced with its message.
      flushSync(() => setClientErrors(found))
      focusFirstInvalid(form, found)
      return
    }
    setClientErrors(null)
    await fetcher.submit(form)
  }

  const status = sending
    ? { tone: 'info', message: 'Sending...' }
    : result?.ok
      ? { tone: 'success', message: SUCCESS }
      : result
        ? { tone: 'error', message: FAILURE }
        : null

  return (
    <fetcher.Form
      method="post"
      noValidate={hydrated}
      // Sent before React runs, it waits for it: the messages then appear beside the
      // fields and the page stays put, as for every send a moment later.
      data-replay-submit=""
      ref={formRef}
      onFocus={() => void loadContactSchema()}
      onSubmit={(event) => void handleSubmit(event)}
      className="grid gap-5"
    >
      <PersonFields
        valueOf={(field) => values?.[field]}
        errors={errors}
        nameMaxLength={CONTACT_LIMITS.name}
        pairClassName="grid gap-5 sm:grid-cols-2"
      />
      <FormField name="message" label="Message" error={errors.message}>
        {(props) => (
          <textarea
            {...props}
            required
            rows={6}
            maxLength={CONTACT_LIMITS.message}
            defaultValue={values?.message}
          />
        )}
      </FormField>
      <HoneypotField />
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" className="button-primary" disabled={sending}>
          Send Message
        </button>
        <div role="status" aria-live="polite" className="min-h-6">
          {status ? <p className={`status-${status.tone}`}>{status.message}</p> : null}
        </div>
      </div>
    </fetcher.Form>
  )
}
