import { SettingsCard, answerFor } from '#app/components/settings-card.tsx'
import { ClassesCard } from './tax-classes-card.tsx'
import { TAX_INTENTS } from './tax-input.ts'
import { RatesCard } from './tax-rates-card.tsx'
import type { TaxAnswer, TaxesPage } from './tax-settings.server.ts'
import { TreatsCard } from './tax-treats-card.tsx'

/**
 * Settings › Taxes: how tax is worked out, her rates, her classes each with
 * the rule she follows, and which class each treat is in. Each card says
 * how its own last post went.
 */
export function TaxesSettings({ page, posted }: { page: TaxesPage; posted: unknown }) {
  const answer = answerFor<TaxAnswer>(posted, { intents: TAX_INTENTS })
  return (
    <>
      <SettingsCard id="tax-rule" title="How tax is added" className="mt-6">
        <ul className="mt-3 grid list-disc gap-2 pl-5">
          <li>Tax is added on top of your prices, on quotes, drops and treats bought now.</li>
          <li>
            Each rate is charged once per order on what it applies to: after a discount code, with a
            delivery fee taxed as the goods it carries. It is rounded to the nearest cent, half a
            cent up.
          </li>
          <li>
            An order keeps the rates it was priced with: changing a rate or a class changes new
            orders and quotes only.
          </li>
          <li>
            What is taxable is yours to decide: write the rule you follow beside each class (in
            Canada many baked goods are zero-rated basic groceries, single servings often are not).
          </li>
        </ul>
      </SettingsCard>
      <RatesCard page={page} answer={answer} />
      <ClassesCard page={page} answer={answer} />
      <TreatsCard page={page} answer={answer} />
    </>
  )
}
