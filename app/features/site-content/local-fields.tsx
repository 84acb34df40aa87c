import { FormField } from '#app/components/form-field.tsx'
import { CURRENCY_CHOICES } from '#app/content/local-choices.ts'
import { LOCAL_LIMITS } from './site-words-schema.ts'

/**
 * The time zone and currency fields, as Settings › Your site › Local settings
 * and the first-run setup both ask for them (decision 057): plain inputs
 * with suggestions, so they work without JavaScript; the server checks them
 * with `localSchema`.
 */

export function TimeZoneField({
  id,
  defaultValue,
  timeZones,
  error,
}: {
  id: string
  defaultValue: string
  /** The time zones the server accepts, offered as suggestions. */
  timeZones: readonly string[]
  error: string | undefined
}) {
  return (
    <FormField
      name={id}
      label="Time zone"
      hint="Decides the first day customers can book, your morning digest and reminders. Type a city, like Pacific/Auckland."
      error={error}
    >
      {(props) => (
        <>
          <input
            {...props}
            name="time_zone"
            list={`${id}-choices`}
            required
            maxLength={LOCAL_LIMITS.timeZone}
            autoComplete="off"
            spellCheck={false}
            defaultValue={defaultValue}
          />
          <datalist id={`${id}-choices`}>
            {timeZones.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
        </>
      )}
    </FormField>
  )
}

export function CurrencyField({
  id,
  defaultValue,
  fixed = false,
  error,
}: {
  id: string
  defaultValue: string
  /** A quote or payment is recorded: the currency stays (one bakery keeps one currency). */
  fixed?: boolean
  error: string | undefined
}) {
  return (
    <FormField
      name={id}
      label="Currency"
      hint={
        fixed
          ? 'Fixed now that quotes or payments are recorded: one bakery keeps one currency.'
          : 'Its three-letter code, like NZD. Choose it before your first quote: it stays after that.'
      }
      error={error}
    >
      {(props) => (
        <>
          <input
            {...props}
            name="currency"
            list={`${id}-choices`}
            required
            readOnly={fixed}
            maxLength={LOCAL_LIMITS.currency}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            defaultValue={defaultValue}
          />
          <datalist id={`${id}-choices`}>
            {CURRENCY_CHOICES.map((choice) => (
              <option key={choice.code} value={choice.code}>
                {choice.label}
              </option>
            ))}
          </datalist>
        </>
      )}
    </FormField>
  )
}
