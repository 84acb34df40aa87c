import { Form } from 'react-router'
import { type TextChoiceResult, type TextPanel, TEXTS_INTENT } from './text-choice.ts'
import { TextsAnswer } from './texts-answer.tsx'

/**
 * "Text me about my order" on her private page: a box she ticks herself
 * (never ticked for her), the number it texts, what she will get, and how
 * to stop. Posted without JavaScript too.
 */
export function TextConsentPanel({
  panel,
  result,
}: {
  panel: TextPanel
  result?: TextChoiceResult
}) {
  return (
    <section id="texts" className="card p-5 sm:p-6" aria-labelledby="texts-heading">
      <h2 id="texts-heading" className="font-display text-2xl font-semibold">
        Texts about your order
      </h2>
      <p className="mt-2">
        {panel.on ? 'We text ' : 'We can text '}
        <span className="whitespace-nowrap">{panel.phone}</span> the day before and two hours before
        your pickup or delivery, and when your order is ready.
      </p>
      {result ? <TextsAnswer answer={result} /> : null}
      <Form method="post" action="?texts" className="mt-4 flex flex-wrap items-center gap-4">
        <input type="hidden" name="intent" value={TEXTS_INTENT} />
        <label className="choice-label">
          <input
            type="checkbox"
            name="texts"
            value="on"
            defaultChecked={panel.on}
            // A new answer from the server resets the box to what is stored.
            key={String(panel.on)}
          />
          <span>Text me about my order</span>
        </label>
        <button type="submit" className="button-secondary">
          Save my choice
        </button>
      </Form>
      <p className="form-hint mt-3">
        Texts come from {panel.bakeryName}, a few per order. Reply STOP to any of them to stop at
        once. Your carrier’s message rates may apply.
      </p>
    </section>
  )
}
