import { type Ref, useId } from 'react'
import { Link } from 'react-router'

/**
 * The tick every send carries: "I have read the order policies", with the
 * owner's policy text a click away: the same text /policies shows, rendered
 * and sanitised on the server (decision 051), and a link to that page.
 * Controlled in the cart; uncontrolled in the form that posts itself.
 */
export function PoliciesTick({
  policiesHtml,
  error,
  checked,
  defaultChecked,
  onChange,
  inputRef,
}: {
  policiesHtml: string
  error?: string
  checked?: boolean
  /** Uncontrolled, as a refused form without scripts sent it back. */
  defaultChecked?: boolean
  onChange?: (checked: boolean) => void
  inputRef?: Ref<HTMLInputElement>
}) {
  const id = useId()
  return (
    <div className="policies-tick">
      {policiesHtml ? (
        <details className="policies-details">
          <summary>Read our order policies</summary>
          {/* Rendered and sanitised on the server when saved (utils/markdown.server.ts). */}
          <div
            className="policies-text markdown-page"
            dangerouslySetInnerHTML={{ __html: policiesHtml }}
          />
          <Link to="/policies" className="text-link policies-page-link">
            Open the policies page
          </Link>
        </details>
      ) : null}
      <label className="tick-label" htmlFor={`${id}-tick`}>
        <input
          ref={inputRef}
          id={`${id}-tick`}
          type="checkbox"
          name="accept_policies"
          value="on"
          required={onChange ? undefined : true}
          {...(onChange
            ? { checked: checked ?? false, onChange: (event) => onChange(event.target.checked) }
            : { defaultChecked })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <span>I have read the order policies</span>
      </label>
      {error ? (
        <p id={`${id}-error`} className="form-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
