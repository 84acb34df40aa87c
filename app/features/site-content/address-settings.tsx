import { Form, useNavigation } from 'react-router'
import { FormField } from '#app/components/form-field.tsx'
import { CardAnswer, cardAction } from '#app/components/settings-card.tsx'
import {
  ADDRESS_LIMITS,
  type BakeryAddress,
  addressLabelsFor,
} from '#app/content/bakery-address.ts'
import { siteAnswerFor, siteAnswerWords } from './site-settings-form.ts'

const SECTION = 'address'
const ID = `site-${SECTION}`

/** One line of the address: its form name, words, bound, autofill token and stored value. */
interface AddressField {
  name: string
  label: string
  max: number
  autoComplete: string
  stored: string
  hint?: string
  /** Side by side with the others on a wide screen; the street takes the whole row. */
  wide?: boolean
}

/**
 * Settings › Your site › Address (decision 084): one address, filled in
 * once. The street is private, the rest public; each says so beside it.
 * A plain form, so it works without JavaScript: the server answers with the
 * page, what she typed kept on a refusal.
 */
export function AddressGroup({
  address,
  country,
  posted,
}: {
  address: BakeryAddress
  /** Her locale's country ('CA') and its name in her words, or null when her locale has none. */
  country: { code: string; name: string } | null
  /** The page's action data, whichever group it answered. */
  posted: unknown
}) {
  const result = siteAnswerFor(posted, SECTION)
  const labels = addressLabelsFor(country?.code ?? null)
  const fields = addressFields(address, labels)
  return (
    <section aria-labelledby={`${ID}-heading`} id={ID} className="card scroll-mt-24 p-5 sm:p-6">
      <h2 id={`${ID}-heading`} className="font-display text-2xl font-bold">
        Address
      </h2>
      <p className="mt-2">
        Where your bakery is. Your street stays private. The city, {labels.region.toLowerCase()} and{' '}
        {labels.postalCode.toLowerCase()} are public: receipts, emails and search engines show them.
        Leave out what you would rather not say.
      </p>
      {/* Keyed by what is stored: once saved, the fields show it as kept (V5K 0A1, not v5k 0a1). */}
      <Form
        key={fields.map((field) => field.stored).join('\n')}
        method="post"
        action={cardAction(ID)}
        className="mt-4 grid gap-4"
      >
        <input type="hidden" name="intent" value={SECTION} />
        <div className="grid gap-4 sm:grid-cols-3">
          {fields.map((field) => (
            <AddressLine key={field.name} field={field} result={result} />
          ))}
        </div>
        <AddressCountry country={country} />
        <SaveAddress result={result} />
      </Form>
    </section>
  )
}

type AddressAnswer = ReturnType<typeof siteAnswerFor>

/** The address's lines, named in the words of her country. */
function addressFields(
  address: BakeryAddress,
  labels: ReturnType<typeof addressLabelsFor>,
): AddressField[] {
  return [
    {
      name: 'street',
      label: 'Street address',
      hint: 'Private: a customer sees it only once you confirm her order, on her page and in her emails. The street and unit only; the rest goes below.',
      max: ADDRESS_LIMITS.street,
      autoComplete: 'address-line1',
      stored: address.street,
      wide: true,
    },
    {
      name: 'city',
      label: 'City',
      max: ADDRESS_LIMITS.city,
      autoComplete: 'address-level2',
      stored: address.city,
    },
    {
      name: 'region',
      label: labels.region,
      max: ADDRESS_LIMITS.region,
      autoComplete: 'address-level1',
      stored: address.region,
    },
    {
      name: 'postal_code',
      label: labels.postalCode,
      max: ADDRESS_LIMITS.postalCode,
      autoComplete: 'postal-code',
      stored: address.postalCode,
    },
  ]
}

/** One line of the address: what she typed on a refusal or preview, else what is stored. */
function AddressLine({ field, result }: { field: AddressField; result: AddressAnswer }) {
  return (
    <div className={field.wide ? 'sm:col-span-3' : undefined}>
      <FormField
        name={`site-${field.name}`}
        label={field.label}
        hint={field.hint}
        optional
        error={result?.errors[field.name]}
      >
        {(props) => (
          <input
            {...props}
            name={field.name}
            type="text"
            maxLength={field.max}
            autoComplete={field.autoComplete}
            defaultValue={
              result && result.status !== 'saved'
                ? (result.values[field.name] ?? field.stored)
                : field.stored
            }
          />
        )}
      </FormField>
    </div>
  )
}

/** The country, which comes from her local settings rather than this form. */
function AddressCountry({ country }: { country: { code: string; name: string } | null }) {
  return (
    <p className="text-sm">
      {country ? (
        <>
          Country: <strong>{country.name}</strong>, from{' '}
          <a href="#site-local" className="text-link">
            your local settings
          </a>
          .
        </>
      ) : (
        <>
          No country is said: choose a language and region in{' '}
          <a href="#site-local" className="text-link">
            your local settings
          </a>{' '}
          to give one.
        </>
      )}
    </p>
  )
}

function SaveAddress({ result }: { result: AddressAnswer }) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === SECTION
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
      <button type="submit" className="button-primary">
        Save address
      </button>
      <CardAnswer cardId={ID} answer={siteAnswerWords(result)} busy={busy} busyText="Saving…" />
    </div>
  )
}
