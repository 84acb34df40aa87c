import { Form } from 'react-router'
import { NumberField } from '#app/components/number-field.tsx'
import { CardAnswer, SettingsCard, answerFor, cardAction } from '#app/components/settings-card.tsx'
import { type ChangePolicy, policySentence } from '#app/features/order-status/order-terms.ts'
import { POLICY_LIMITS, SAVE_CHANGE_POLICY } from './change-policy.ts'

export type ChangePolicyActionResult =
  | { ok: true; intent: typeof SAVE_CHANGE_POLICY; message: string }
  | { ok: false; intent?: typeof SAVE_CHANGE_POLICY; error: string }

const CARD = 'change-policy'

/** What a rule's number counts, and the range it may take. */
function rangeHint(unit: string, limits: { min: number; max: number }): string {
  return `${unit}, ${limits.min} to ${limits.max}.`
}

/**
 * The settings page's "Changes and cancellations" (decision 054): the rules
 * customers' own changes and cancellations follow on their private page,
 * and the sentence they read there.
 */
export function ChangePolicySettings({
  policy,
  posted,
}: {
  policy: ChangePolicy
  /** The page's action data, whichever form it answered. */
  posted: unknown
}) {
  const answer = answerFor<ChangePolicyActionResult>(posted, { intents: [SAVE_CHANGE_POLICY] })
  return (
    <SettingsCard id={CARD} title="Changes and cancellations" className="mt-4">
      <p className="mt-2">
        Customers can ask for a change or cancel from their private page, under these rules. You
        accept or decline each change; a cancellation is made at once, with the refund below (a card
        payment goes back through Stripe, the rest you send yourself).
      </p>
      <Form method="post" action={cardAction(CARD)} className="mt-4 grid gap-4">
        <input type="hidden" name="intent" value={SAVE_CHANGE_POLICY} />
        <div className="grid gap-4 sm:grid-cols-2">
          <NumberField
            id="change-window-days"
            name="change_window_days"
            label="No changes or cancellations within"
            value={policy.windowDays}
            limits={POLICY_LIMITS.days}
            step={1}
            hint={rangeHint('Days before the order date', POLICY_LIMITS.days)}
          />
          <NumberField
            id="refund-cutoff-days"
            name="refund_cutoff_days"
            label="Bigger refund when cancelled at least"
            value={policy.cutoffDays}
            limits={POLICY_LIMITS.days}
            step={1}
            hint={rangeHint('Days before the order date', POLICY_LIMITS.days)}
          />
          <NumberField
            id="refund-before-percent"
            name="refund_before_percent"
            label="Refund of the deposit, cancelled that early"
            value={policy.beforePercent}
            limits={POLICY_LIMITS.percent}
            step={1}
            hint={rangeHint('Percent', POLICY_LIMITS.percent)}
          />
          <NumberField
            id="refund-after-percent"
            name="refund_after_percent"
            label="Refund of the deposit, cancelled later"
            value={policy.afterPercent}
            limits={POLICY_LIMITS.percent}
            step={1}
            hint={rangeHint('Percent', POLICY_LIMITS.percent)}
          />
        </div>
        <p className="text-sm text-chocolate" data-testid="policy-preview">
          Customers read: “{policySentence(policy)}”
        </p>
        <div>
          <button type="submit" className="button-primary">
            Save
          </button>
        </div>
      </Form>
      <CardAnswer cardId={CARD} answer={answer} className="mt-2" />
    </SettingsCard>
  )
}
