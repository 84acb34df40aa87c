import { type Ref, useId } from 'react'

/**
 * The tick every send carries: "I have read the order policies", with the
 * owner's policy text a click away (each blank-line-separated paragraph
 * kept). Controlled in the cart; uncontrolled in the form that posts itself.
 */
export function PoliciesTick({
  policies,
  error,
  checked,
  onChange,
  inputRef,
}: {
  policies: string
  error?: string
  checked?: boolean
  onChange?: (checked: boolean) => void
  inputRef?: Ref<HTMLInputElement>
}) {
  const id = useId()
  const paragraphs = policies
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
  return (
    <div className="policies-tick">
      {paragraphs.length > 0 ? (
        <details className="policies-details">
          <summary>Read our order policies</summary>
          <div className="policies-text">
            {paragraphs.map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </div>
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
            : {})}
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
