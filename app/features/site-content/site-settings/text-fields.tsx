import { FormField } from '#app/components/form-field.tsx'
import type { SiteWords } from '#app/content/site-words.ts'
import type { SiteSettingsResult } from '#app/features/site-content/site-settings-form.ts'

/** What the field shows: her last post when it was refused or previewed, else what is stored. */
export function shown(
  result: SiteSettingsResult | undefined,
  name: string,
  stored: string,
): string {
  return result && result.status !== 'saved' ? (result.values[name] ?? stored) : stored
}

/** One text field of a group: its form name, its words, its bound and where its stored value is. */
export interface FieldSpec {
  name: string
  label: string
  max: number
  /** What the store holds for it now. */
  stored: (words: SiteWords, policies: string) => string
  hint?: string
  optional?: boolean
  type?: 'text' | 'email' | 'tel' | 'url'
  inputMode?: 'numeric'
  /** A textarea this many rows high. */
  rows?: number
  autoComplete?: string
  /** For the control's id when two groups post the same name. */
  idName?: string
}

export function TextField({
  result,
  field,
  words,
  policies,
}: {
  result: SiteSettingsResult | undefined
  field: FieldSpec
  words: SiteWords
  policies: string
}) {
  const { name, label, max, hint, optional, type = 'text', rows, autoComplete, inputMode } = field
  const value = shown(result, name, field.stored(words, policies))
  return (
    <FormField
      name={`site-${field.idName ?? name}`}
      label={label}
      hint={hint}
      optional={optional}
      error={result?.errors[name]}
    >
      {(props) =>
        rows ? (
          <textarea
            {...props}
            name={name}
            rows={rows}
            maxLength={max}
            required={!optional}
            defaultValue={value}
          />
        ) : (
          <input
            {...props}
            name={name}
            type={type}
            maxLength={max}
            required={!optional}
            autoComplete={autoComplete}
            inputMode={inputMode}
            defaultValue={value}
          />
        )
      }
    </FormField>
  )
}

/** A group's fields, in order: a new field is one line in its list. */
export function Fields({
  fields,
  result,
  words,
  policies,
}: {
  fields: readonly FieldSpec[]
  result: SiteSettingsResult | undefined
  words: SiteWords
  policies: string
}) {
  return fields.map((field) => (
    <TextField key={field.name} field={field} result={result} words={words} policies={policies} />
  ))
}
