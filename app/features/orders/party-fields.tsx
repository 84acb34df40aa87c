import type { ReactNode } from 'react'
import { EmailAddress } from '#app/components/email-address.tsx'
import { FormField } from '#app/components/form-field.tsx'
import { PersonFields } from '#app/components/person-fields.tsx'
import type { FieldErrors } from '#app/utils/field-errors.ts'
import { formatPhoneNumber } from '#app/utils/phone-number.ts'
import { HEAR_ABOUT_US_OPTIONS, ORDER_LIMITS } from './order-options.ts'
import type { OrderField } from './order-schema.ts'
import type { PartyContact, PartyField } from './party-contact.ts'

/**
 * 'Jane Doe · jane@example.com · 604-555-0182': who the cart's treats are
 * for, on one line, the address free to wrap after its @ and before its dots on a phone.
 */
export function ContactText({ party }: { party: PartyContact }) {
  return (
    <strong>
      {party.name} ·{' '}
      <span>
        <EmailAddress address={party.email} />
      </span>{' '}
      · {formatPhoneNumber(party.phone_number)}
    </strong>
  )
}

/**
 * Her details folded into one line once a treat is in the cart: 'For Jane
 * Doe · jane@example.com · 604-555-0182' and a button that opens them again.
 */
export function PartyLine({ party, onChange }: { party: PartyContact; onChange: () => void }) {
  return (
    <div className="party-line sm:col-span-2" data-testid="party-line">
      <p id="party-line-text">
        For <ContactText party={party} />
      </p>
      <button
        type="button"
        className="party-change"
        aria-describedby="party-line-text"
        onClick={onChange}
      >
        Change
      </button>
    </div>
  )
}

/**
 * Fields asked once per party, hidden while folded: they stay in the form,
 * so each treat is still sent with them. Keyed by the cart's party, so a
 * new party's details fill them afresh.
 */
export function PartyGroup({
  folded,
  partyKey,
  children,
}: {
  folded: boolean
  partyKey: string
  children: ReactNode
}) {
  return (
    <div key={partyKey} className={folded ? 'hidden' : 'contents'} hidden={folded}>
      {children}
    </div>
  )
}

/**
 * Name, email and phone. With a treat in the cart, a button keeps what she
 * changed for every treat there, without adding another.
 */
export function ContactFields({
  valueOf,
  errors,
  onKeep,
}: {
  valueOf: (field: PartyField) => string | undefined
  errors: FieldErrors<OrderField>
  /** Given once the cart has a treat. */
  onKeep?: () => void
}) {
  return (
    <>
      <PersonFields valueOf={valueOf} errors={errors} nameMaxLength={ORDER_LIMITS.name} />
      {onKeep ? (
        <div className="party-keep sm:col-span-2">
          <p className="form-hint">Your details go with every treat in your cart.</p>
          <button type="button" className="button-secondary" onClick={onKeep}>
            Keep these details
          </button>
        </div>
      ) : null}
    </>
  )
}

/** How she heard of us: asked once per party, like her name. */
export function HearAboutUsField({
  value,
  error,
}: {
  value: string | undefined
  error: string | undefined
}) {
  return (
    <FormField name="hear_about_us" label="How did you hear about us?" error={error}>
      {(props) => (
        <select {...props} required defaultValue={value ?? ''}>
          <option value="" disabled>
            Select an option
          </option>
          {HEAR_ABOUT_US_OPTIONS.map((option) => (
            <option key={option}>{option}</option>
          ))}
        </select>
      )}
    </FormField>
  )
}
