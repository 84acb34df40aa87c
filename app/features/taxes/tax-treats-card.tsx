import { Form } from 'react-router'
import { CardAnswer, SettingsCard, cardAction } from '#app/components/settings-card.tsx'
import { answerTo } from './tax-answers.ts'
import type { TaxAnswer, TaxesPage } from './tax-settings.server.ts'

const TREATS = 'tax-treats'

/** Which class each of her treats is in, saved together. */
export function TreatsCard({ page, answer }: { page: TaxesPage; answer: TaxAnswer | undefined }) {
  return (
    <SettingsCard id={TREATS} title="Your treats" className="mt-6">
      {page.treats.length === 0 ? (
        <p className="mt-2">
          Your menu has no treats yet: add them in Settings, then choose their classes here.
        </p>
      ) : page.classes.length === 0 ? (
        <p className="mt-2">Add a class first, then choose each treat’s class here.</p>
      ) : (
        <Form method="post" action={cardAction(TREATS)} className="mt-3 grid gap-3">
          <input type="hidden" name="intent" value="save-treats" />
          {page.treats.map((treat) => (
            <div
              key={treat.id}
              className="form-field sm:grid sm:grid-cols-[1fr_18rem] sm:items-center"
            >
              <label htmlFor={`treat-class-${treat.id}`} className="form-label">
                {treat.name}
                {treat.active ? null : (
                  <span className="font-normal text-chocolate"> (off the menu)</span>
                )}
              </label>
              <select
                id={`treat-class-${treat.id}`}
                name={`class.${treat.id}`}
                defaultValue={treat.classId === null ? '' : String(treat.classId)}
              >
                <option value="">No tax</option>
                {page.classes.map((taxClass) => (
                  <option key={taxClass.id} value={taxClass.id}>
                    {taxClass.name}
                  </option>
                ))}
              </select>
            </div>
          ))}
          <div>
            <button type="submit" className="button-primary">
              Save the treats’ classes
            </button>
          </div>
        </Form>
      )}
      <CardAnswer cardId={TREATS} answer={answerTo(answer, 'save-treats')} className="mt-2" />
    </SettingsCard>
  )
}
