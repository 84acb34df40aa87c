import { Form } from 'react-router'
import { CardAnswer, SettingsCard, answerFor, cardAction } from '#app/components/settings-card.tsx'

/** The settings form's intent for a new feed key; the settings route dispatches on it. */
export const ROTATE_ICAL_KEY = 'rotate-ical-key'

export type IcalKeyActionResult =
  | { ok: true; intent: typeof ROTATE_ICAL_KEY; message: string }
  | { ok: false; intent?: typeof ROTATE_ICAL_KEY; error: string }

/** The card's id; its heading is `calendar-feed-heading`, which Settings' links lead to. */
const CARD = 'calendar-feed'

export interface CalendarFeedSettingsData {
  /** https://…/admin/calendar.ics?key=… */
  https: string
  /** The same address as webcal://, which a phone opens in its calendar app. */
  webcal: string
}

/**
 * The settings page's "Calendar on your phone": the feed's private address,
 * a link a phone subscribes with, and a way to make the old address stop
 * working (a lost phone, a shared screenshot).
 */
export function CalendarFeedSettings({
  feed,
  posted,
}: {
  feed: CalendarFeedSettingsData
  /** The page's action data, whichever form it answered. */
  posted: unknown
}) {
  const answer = answerFor<IcalKeyActionResult>(posted, { intents: [ROTATE_ICAL_KEY] })
  return (
    <SettingsCard id={CARD} title="Calendar on your phone" level={3} className="mt-4">
      <p className="mt-2">
        Subscribe to this address in your phone’s calendar to see every request that is new, quoted,
        confirmed or ready on its due date. It updates by itself. Keep it private: anyone with the
        address can read your orders.
      </p>
      <div className="form-field mt-4">
        <label htmlFor="calendar-feed-url" className="form-label">
          Calendar address
        </label>
        <input
          id="calendar-feed-url"
          type="text"
          readOnly
          value={feed.https}
          className="font-mono text-sm"
          spellCheck={false}
        />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-3">
        <a href={feed.webcal} className="button-primary">
          Add to my calendar
        </a>
        <Form method="post" action={cardAction(CARD)}>
          <input type="hidden" name="intent" value={ROTATE_ICAL_KEY} />
          <button type="submit" className="button-secondary">
            Rotate key
          </button>
        </Form>
      </div>
      <p className="form-hint mt-3">
        Rotate key makes a new address and stops the old one at once; add the new one to your phone
        afterwards.
      </p>
      <CardAnswer cardId={CARD} answer={answer} className="mt-2" />
    </SettingsCard>
  )
}
