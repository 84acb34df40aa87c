import { CodeInput } from '#app/features/discount-codes/code-input.tsx'
import { type AppliedCode, offWords } from '#app/features/discount-codes/discount-rules.ts'
import {
  type OptionGroup,
  OPTION_TEXT_MAX,
  type PriceAnswer,
} from '#app/features/menu/option-prices.ts'
import { formatMoney } from '#app/utils/money.ts'

/** A choice's change as its label says it: '+$10', '−$2', or nothing. */
function changeWords(cents: number): string {
  if (cents === 0) return ''
  return cents > 0 ? ` (+${formatMoney(cents)})` : ` (−${formatMoney(-cents)})`
}

/**
 * One option group: her choice among its choices (each with what it adds),
 * or her own words at its price. "None" is offered when it is not required.
 */
export function OptionGroupField({
  group,
  value,
  error,
}: {
  group: OptionGroup
  value: string | undefined
  error: string | undefined
}) {
  const name = `option.${group.key}`
  const errorId = `${name}-error`
  if (group.kind === 'text') {
    return (
      <div className="form-field">
        <label htmlFor={`field-${name}`} className="form-label">
          {group.label}
          <span className="form-optional"> (optional{changeWords(group.priceCents)})</span>
        </label>
        <input
          id={`field-${name}`}
          name={name}
          type="text"
          maxLength={OPTION_TEXT_MAX}
          defaultValue={value ?? ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {error ? (
          <p id={errorId} className="form-error">
            {error}
          </p>
        ) : null}
      </div>
    )
  }
  const chosen = value ?? ''
  return (
    <fieldset
      className="form-field option-choices"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="form-label">
        {group.label}
        {group.required ? null : <span className="form-optional"> (optional)</span>}
      </legend>
      {group.required ? null : (
        <label className="choice-label">
          <input type="radio" name={name} value="" defaultChecked={chosen === ''} />
          <span>None</span>
        </label>
      )}
      {group.choices.map((choice) => (
        <label key={choice.key} className="choice-label">
          <input
            type="radio"
            name={name}
            value={choice.key}
            defaultChecked={chosen === choice.key}
            required={group.required}
          />
          <span>
            {choice.label}
            {changeWords(choice.priceCents)}
            {choice.quoteNeeded ? <span className="form-optional"> · we quote this</span> : null}
          </span>
        </label>
      ))}
      {error ? (
        <p id={errorId} className="form-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}

/**
 * The total of what she chose, line by line, as the order will be charged
 * (decision 102): read out politely as it changes. Until it can be priced,
 * what is still to choose.
 */
export function TotalBox({ answer, rushNote }: { answer: PriceAnswer; rushNote: string }) {
  return (
    <section className="card buy-now-total p-5" aria-labelledby="buy-now-total-heading">
      <h2 id="buy-now-total-heading" className="font-display text-xl font-bold">
        Your total
      </h2>
      <div aria-live="polite" aria-atomic="true">
        {answer.ok ? (
          <>
            <table className="buy-now-lines mt-3 w-full">
              <tbody>
                {answer.lines.map((line, index) => (
                  <tr key={index}>
                    <th scope="row">{line.label}</th>
                    <td>
                      {line.cents < 0 ? `−${formatMoney(-line.cents)}` : formatMoney(line.cents)}
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">Total</th>
                  <td>{formatMoney(answer.totalCents)}</td>
                </tr>
              </tfoot>
            </table>
            {answer.quoteNeeded ? (
              <p className="mt-3">
                One of your choices needs a quote: send it, and we reply with the price before
                anything is paid.
              </p>
            ) : null}
          </>
        ) : (
          <ul className="mt-3 list-disc pl-5">
            {answer.problems.map((problem) => (
              <li key={problem.field}>{problem.message}</li>
            ))}
          </ul>
        )}
      </div>
      {rushNote ? <p className="form-hint mt-3">{rushNote}</p> : null}
    </section>
  )
}

/**
 * Her discount code, below the order button so that Enter in any field
 * still orders: Apply asks the server for the total the code makes, and
 * the total above then shows the code's line.
 */
export function CodeField({
  value,
  onChange,
  applied,
  error,
  disabled,
}: {
  value: string
  onChange: (code: string) => void
  applied: AppliedCode | null
  error: string | undefined
  disabled: boolean
}) {
  return (
    <div className="card form-field p-5">
      <label htmlFor="code" className="form-label">
        Discount code<span className="form-optional"> (optional)</span>
      </label>
      <div className="flex items-start gap-2">
        <CodeInput
          id="code"
          className="min-w-0 flex-1"
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'code-error' : applied ? 'code-applied' : undefined}
        />
        <button
          type="submit"
          name="intent"
          value="apply_code"
          className="button-secondary"
          formNoValidate
          disabled={disabled}
        >
          Apply
        </button>
      </div>
      {error ? (
        <p id="code-error" className="form-error">
          {error}
        </p>
      ) : applied ? (
        <p id="code-applied" className="status-success" role="status">
          {`Code ${applied.code}: ${offWords(applied)}, taken off your total.`}
        </p>
      ) : null}
    </div>
  )
}

/** A gift card's code, optional: it pays what the card holds as the order is made. */
export function GiftCardField({
  defaultValue,
  error,
}: {
  defaultValue: string
  error: string | undefined
}) {
  return (
    <div className="form-field">
      <label htmlFor="gift_card" className="form-label">
        Gift card<span className="form-optional"> (optional)</span>
      </label>
      <input
        id="gift_card"
        name="gift_card"
        className="max-w-xs font-mono uppercase tracking-wider"
        defaultValue={defaultValue}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder="ABCD-EFGH-JKMN-PQRS"
        maxLength={40}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'gift_card-hint gift_card-error' : 'gift_card-hint'}
      />
      <p id="gift_card-hint" className="form-hint">
        It pays what it holds as you order; you pay the rest as chosen above.
      </p>
      {error ? (
        <p id="gift_card-error" className="form-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
