import { Form, useNavigation } from 'react-router'
import { FormField } from '#app/components/form-field.tsx'
import { endSentence } from '#app/utils/clock-times.ts'
import { PHONE_NUMBER_HINT, PHONE_NUMBER_MAX_LENGTH } from '#app/utils/phone-number.ts'
import {
  DROP_TEXTS_SIGN_UP,
  type DropTextsAnswer,
  type DropTextsCard,
  TEXT_DROP_OPENING,
} from './drop-texts.ts'
import { TextsAnswer } from './texts-answer.tsx'

/**
 * "Hear when a drop opens" on /drops: her number and her own tick; she is
 * texted once to reply YES, so a number hears of drops only when its own
 * phone has said so.
 */
export function DropTextsSignUp({ answer }: { answer?: DropTextsAnswer }) {
  const failed = answer && !answer.ok ? answer : undefined
  return (
    <section className="card mt-8 max-w-3xl p-6 sm:p-7" aria-labelledby="drop-texts-heading">
      <h2 id="drop-texts-heading" className="font-display text-2xl font-semibold">
        Hear when a drop opens
      </h2>
      <p className="mt-2">
        One text when a new drop opens, so you can reserve before it sells out. No other texts.
      </p>
      {answer ? <TextsAnswer answer={answer} /> : null}
      {answer?.ok ? null : (
        <Form method="post" className="mt-4 grid gap-4 sm:max-w-md">
          <input type="hidden" name="intent" value={DROP_TEXTS_SIGN_UP} />
          <FormField
            name="phone"
            id="drop-texts-phone"
            label="Your mobile number"
            hint={PHONE_NUMBER_HINT}
          >
            {(control) => (
              <input
                {...control}
                type="tel"
                autoComplete="tel"
                required
                maxLength={PHONE_NUMBER_MAX_LENGTH}
                defaultValue={failed?.phone ?? ''}
              />
            )}
          </FormField>
          <label className="choice-label">
            <input type="checkbox" name="agree" value="yes" required />
            <span>Text me when a new drop opens</span>
          </label>
          <div>
            <button type="submit" className="button-primary">
              Text me
            </button>
          </div>
          <p className="form-hint">
            We text you once to confirm: reply YES. Reply STOP at any time to stop. Your carrier’s
            message rates may apply.
          </p>
        </Form>
      )}
    </section>
  )
}

/** A drop's page for its owner: how many asked to hear, what it costs, and her one tap. */
export function DropOpeningTexts({
  card,
  answer,
}: {
  card: DropTextsCard
  answer?: DropTextsAnswer
}) {
  const sending = useNavigation().state !== 'idle'
  const nobody = card.people === 0
  return (
    <section className="card mt-8 p-5 sm:p-6" aria-labelledby="opening-texts-heading">
      <h2 id="opening-texts-heading" className="font-display text-2xl font-semibold">
        Texts when it opens
      </h2>
      {nobody ? (
        <p className="mt-2">
          Nobody has asked for texts about drops yet: customers ask on your Drops page.
        </p>
      ) : (
        <>
          <p className="mt-2" data-testid="opening-texts-count">
            <strong>{card.people}</strong> {card.people === 1 ? 'person has' : 'people have'} asked
            to hear when a drop opens. Texting them is {card.parts}{' '}
            {card.parts === 1 ? 'part' : 'parts'}, about <strong>{card.cost}</strong> at your rate;{' '}
            {card.left} texts are left of your limit this month.
          </p>
          <blockquote className="mt-3 rounded-2xl bg-paper px-4 py-3 text-sm">
            {card.words}
          </blockquote>
        </>
      )}
      {card.queued > 0 ? (
        <p className="mt-3 font-bold">
          {endSentence(
            `${card.queued} ${card.queued === 1 ? 'text' : 'texts'} queued${card.queuedFor ? ` for ${card.queuedFor}` : ''}`,
          )}
        </p>
      ) : null}
      {answer ? (
        <p
          role={answer.ok ? 'status' : 'alert'}
          className={answer.ok ? 'status-success mt-3' : 'status-error mt-3'}
        >
          {answer.ok ? answer.message : answer.error}
        </p>
      ) : null}
      {nobody || card.closed ? null : (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value={TEXT_DROP_OPENING} />
          <button type="submit" className="button-primary" disabled={sending}>
            Text them when it opens
          </button>
        </Form>
      )}
    </section>
  )
}
