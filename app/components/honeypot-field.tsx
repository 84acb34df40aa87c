import type { Ref } from 'react'
import { HONEYPOT_FIELD } from '#app/utils/honeypot.ts'

/**
 * Off-screen and out of the tab order; see utils/honeypot.ts. `inputRef` lets
 * a page that sends without this form (the cart) pass the field along.
 */
export function HoneypotField({ inputRef }: { inputRef?: Ref<HTMLInputElement> }) {
  return (
    <div className="honeypot" aria-hidden="true">
      <label>
        Leave this field empty
        <input
          ref={inputRef}
          type="text"
          name={HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </label>
    </div>
  )
}
