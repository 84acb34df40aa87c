import { Form } from 'react-router'
import { FormField } from '#app/components/form-field.tsx'
import { CardAnswer, SettingsCard, answerFor, cardAction } from '#app/components/settings-card.tsx'
import { formatCount } from '#app/utils/count.ts'
import { formatMoneyWithCents } from '#app/utils/money.ts'
import { SAVE_TEXT_SETTINGS } from './text-settings-form.ts'
import { TEXT_CAP_MAX } from './text-settings.ts'
import type { TextSettingsResult, TextsPage } from './texts-page.server.ts'

const CARD = 'text-settings'

const KIND_WORDS: Record<string, string> = {
  'day-before': 'Reminder, the day before',
  soon: 'Reminder, two hours before',
  ready: 'Ready',
  test: 'Test',
}

const STATUS_WORDS: Record<string, string> = {
  queued: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Not sent',
  dropped: 'Not sent',
}

/** Settings › Texts: this month so far, her quiet hours, her rate and her limit, and the latest texts. */
export function TextsSettings({ page, posted }: { page: TextsPage; posted: unknown }) {
  return (
    <>
      <MonthCard month={page.month} />
      <TextSettingsCard page={page} posted={posted} />
      <RecentTextsCard recent={page.recent} />
    </>
  )
}

/** The month so far: texts and parts sent against her limit, and what they cost her. */
function MonthCard({ month }: { month: TextsPage['month'] }) {
  return (
    <SettingsCard id="text-month" title="This month" className="mt-6">
      <p className="mt-2 text-lg" data-testid="texts-this-month">
        <strong>{month.texts}</strong> of {month.cap} texts sent ({month.parts} parts), about{' '}
        <strong>{formatMoneyWithCents(month.costCents)}</strong> at your rate.
      </p>
      <p className="form-hint mt-2">
        Past your limit no more texts go out until next month; email tells customers instead.
      </p>
    </SettingsCard>
  )
}

/** Her quiet hours, her rate and her monthly limit, kept as she typed them when refused. */
function TextSettingsCard({ page, posted }: { page: TextsPage; posted: unknown }) {
  const answer = answerFor<TextSettingsResult>(posted, { intents: [SAVE_TEXT_SETTINGS] })
  const failed = answer && !answer.ok ? answer : undefined
  const value = (name: keyof TextsPage['values']) =>
    failed?.values?.[name] ?? String(page.values[name])
  return (
    <SettingsCard id={CARD} title="Quiet hours, cost and limit" className="mt-6">
      <p className="mt-2">
        No text goes out in quiet hours: one due then waits until they end, and a reminder that
        would arrive after its pickup is not sent.
      </p>
      <Form method="post" action={cardAction(CARD)} className="mt-4 grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value={SAVE_TEXT_SETTINGS} />
        <FormField name="quiet_from" label="Quiet from" error={failed?.errors?.quiet_from}>
          {(control) => (
            <input {...control} type="time" required defaultValue={value('quiet_from')} />
          )}
        </FormField>
        <FormField name="quiet_to" label="Quiet until" error={failed?.errors?.quiet_to}>
          {(control) => (
            <input {...control} type="time" required defaultValue={value('quiet_to')} />
          )}
        </FormField>
        <FormField
          name="rate"
          label="What a text costs you"
          hint="In dollars per part of 160 characters, as your Twilio price list says: 0.0083."
          error={failed?.errors?.rate}
        >
          {(control) => (
            <input {...control} inputMode="decimal" required defaultValue={value('rate')} />
          )}
        </FormField>
        <FormField
          name="monthly_cap"
          label="Most texts a month"
          hint={`From 0 (no texts) to ${formatCount(TEXT_CAP_MAX)}.`}
          error={failed?.errors?.monthly_cap}
        >
          {(control) => (
            <input
              {...control}
              type="number"
              inputMode="numeric"
              min={0}
              max={TEXT_CAP_MAX}
              required
              defaultValue={value('monthly_cap')}
              className="max-w-32"
            />
          )}
        </FormField>
        <div className="sm:col-span-2">
          <button type="submit" className="button-primary">
            Save
          </button>
        </div>
      </Form>
      <CardAnswer cardId={CARD} answer={answer} className="mt-2" />
    </SettingsCard>
  )
}

/** The latest texts: what each was, when, and whether it went. */
function RecentTextsCard({ recent }: { recent: TextsPage['recent'] }) {
  return (
    <SettingsCard id="recent-texts" title="Latest texts" className="mt-6">
      {recent.length === 0 ? (
        <p className="mt-2">
          None yet. Customers who tick “Text me about my order” on their order page get theirs the
          day before, two hours before, and when it is ready.
        </p>
      ) : (
        <ul className="mt-3 grid gap-2">
          {recent.map((text) => (
            <li
              key={text.id}
              className="flex flex-wrap gap-x-3 gap-y-1 border-b border-blush-100 pb-2"
            >
              <span className="font-bold">{KIND_WORDS[text.kind] ?? text.kind}</span>
              <span>{text.when}</span>
              <span className="text-chocolate">{STATUS_WORDS[text.status] ?? text.status}</span>
              {text.reason ? <span className="w-full text-sm">{text.reason}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </SettingsCard>
  )
}
