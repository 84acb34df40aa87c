import { HONEYPOT_FIELD } from '#app/utils/honeypot.ts'

/** Off-screen and out of the tab order; see utils/honeypot.ts. */
export function HoneypotField() {
  return (
    <div className="honeypot" aria-hidden="true">
      <label>
        Leave this field empty
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  )
}
