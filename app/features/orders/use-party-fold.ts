import { type RefObject, useState } from 'react'
import { flushSync } from 'react-dom'
import { type FieldErrors, focusFirstInvalid } from '#app/utils/field-errors.ts'
import { checkContact } from './order-form-checks.ts'
import type { OrderField } from './order-schema.ts'
import { PARTY_FIELDS, type PartyContact, type PartyField } from './party-contact.ts'

/**
 * Her details, folded into one line once the cart has a treat, unless she
 * opens them with "Change"; kept for every treat when she changes them.
 */
export function usePartyFold({
  hydrated,
  party,
  values,
  formRef,
  setClientErrors,
  onKeepContact,
}: {
  hydrated: boolean
  party: PartyContact | null
  /** What the form posted without JavaScript, when the server refused it. */
  values: Partial<Record<OrderField, string>>
  formRef: RefObject<HTMLFormElement | null>
  setClientErrors: (errors: FieldErrors<OrderField> | null) => void
  onKeepContact: (contact: PartyContact) => void
}) {
  // Her details fold into one line once the cart has a treat, unless she opens them.
  const [contactOpen, setContactOpen] = useState(false)
  const folded = hydrated && party !== null && !contactOpen
  // Each field starts from the cart's party when there is one (a new party remounts them).
  const partyKey = party ? PARTY_FIELDS.map((field) => party[field]).join('\n') : ''
  const contactValue = (field: PartyField) => party?.[field] ?? values[field]

  /** "Change": her details open, the name first. */
  function openContact() {
    flushSync(() => setContactOpen(true))
    const name = formRef.current?.elements.namedItem('name')
    if (name instanceof HTMLInputElement) name.focus()
  }

  /** Her changed details checked by the order's own rules, then kept for every queued treat. */
  async function keepContact() {
    const form = formRef.current
    if (!form) return
    const checked = await checkContact(form)
    if (!checked.ok) {
      flushSync(() => setClientErrors(checked.errors))
      focusFirstInvalid(form, checked.errors)
      return
    }
    const kept = checked.contact
    flushSync(() => {
      setClientErrors(null)
      setContactOpen(false)
      onKeepContact(kept)
    })
    form.querySelector<HTMLButtonElement>('.party-change')?.focus()
  }

  return { folded, partyKey, contactValue, setContactOpen, openContact, keepContact }
}
