import { FormField } from '#app/components/form-field.tsx'
import { LOCALE_CHOICES } from '#app/content/local-choices.ts'
import { CurrencyField, TimeZoneField } from '#app/features/site-content/local-fields.tsx'
import { siteAnswerFor } from '#app/features/site-content/site-settings-form.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { formatMoney } from '#app/utils/money.ts'
import type { GroupProps } from './group-props.ts'
import { Group, SaveButton } from './group.tsx'
import { shown } from './text-fields.tsx'

export function LocalGroup({ words, moneyRecorded, timeZones, today, posted }: GroupProps) {
  const result = siteAnswerFor(posted, 'local')
  const local = words.local
  const locale = shown(result, 'locale', local.locale)
  const locales = LOCALE_CHOICES.some((choice) => choice.tag === locale)
    ? LOCALE_CHOICES
    : [...LOCALE_CHOICES, { tag: locale, label: locale }]
  return (
    <Group
      section="local"
      title="Local settings"
      intro="Where your “today” is, the money your prices are in, and how dates and amounts are written on every page, email and download."
      result={result}
      buttons={<SaveButton label="Save local settings" />}
    >
      <p className="rounded-2xl bg-cream px-4 py-3">
        <span className="form-label">As the site writes them now: </span>
        <span className="whitespace-nowrap">{formatCalendarDate(today)}</span> ·{' '}
        <span className="whitespace-nowrap">{formatMoney(105_050)}</span>
      </p>
      <div className="grid gap-4 sm:grid-cols-3">
        <TimeZoneField
          id="site-time_zone"
          defaultValue={shown(result, 'time_zone', local.timeZone)}
          timeZones={timeZones}
          error={result?.errors.time_zone}
        />
        <CurrencyField
          id="site-currency"
          defaultValue={shown(result, 'currency', local.currency)}
          fixed={moneyRecorded}
          error={result?.errors.currency}
        />
        <FormField
          name="site-locale"
          label="Dates and amounts written in"
          hint="The language and region: English (New Zealand) writes 2 December 2026."
          error={result?.errors.locale}
        >
          {(props) => (
            <select {...props} name="locale" defaultValue={locale}>
              {locales.map((choice) => (
                <option key={choice.tag} value={choice.tag}>
                  {choice.label}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
    </Group>
  )
}
