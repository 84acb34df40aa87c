import { Form, Link, useNavigation } from 'react-router'
import { FocusedAnswer } from '#app/components/action-status.tsx'
import { FormField } from '#app/components/form-field.tsx'
import { formatMoney } from '#app/utils/money.ts'
import type { KitchenRefusal } from './kitchen-action.server.ts'
import { MADE_OF_ROWS } from './kitchen-forms.ts'
import type { SoldRow, SoldView } from './sold-view.server.ts'

export type SoldAnswer = KitchenRefusal | { ok: true; message: string }

/**
 * What she sells, each with the recipes it is made of (a 9-inch cake: 1.5
 * sponges and one buttercream), what that costs her and what its price
 * leaves her, flagged under the margin she aims for.
 */
export function SoldPage({ view, answer }: { view: SoldView; answer: SoldAnswer | undefined }) {
  const saving = useNavigation().state !== 'idle'
  const refused = answer && !answer.ok ? answer : undefined
  return (
    <section className="page-section max-w-3xl" aria-labelledby="sold-heading">
      <p className="eyebrow">
        <Link to="/admin/kitchen" className="text-link">
          Kitchen
        </Link>
      </p>
      <h1 id="sold-heading" className="page-heading mt-2">
        What you sell
      </h1>
      <p className="lede mt-3">
        Choose the recipes each is made of, in batches: what it costs you and what its price leaves
        you follow. You aim for {view.targetMarginPercent}%.
      </p>
      <FocusedAnswer
        answer={answer}
        fallback="Some of it needs another look: see the notes below."
        className="kitchen-said mt-4"
      />
      {view.rows.length === 0 ? (
        <p className="card mt-6 p-5">Nothing on the menu or in a coming drop yet.</p>
      ) : view.recipes.length === 0 ? (
        <p className="card mt-6 p-5">
          Add a recipe first:{' '}
          <Link to="/admin/kitchen/recipes/new" className="text-link">
            New recipe
          </Link>
          .
        </p>
      ) : (
        <Form method="post" className="mt-6 grid gap-4" noValidate>
          <input type="hidden" name="shown" value={view.rows.map((row) => row.key).join(',')} />
          {view.rows.map((row) => (
            <SoldCard key={row.key} row={row} recipes={view.recipes} refused={refused} />
          ))}
          <button type="submit" className="button-primary justify-self-start" disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </button>
        </Form>
      )}
    </section>
  )
}

/** What a field shows: what she sent when it was refused, else what is kept. */
function fieldValue(
  refused: KitchenRefusal | undefined,
  field: string,
  stored: string | undefined,
) {
  return refused ? (refused.values[field] ?? '') : (stored ?? '')
}

/** Its price as the card's heading says it: what an extra adds or takes off, a set price, or quoted. */
function priceWords(row: SoldRow) {
  if (row.adds) {
    return (row.priceCents ?? 0) < 0
      ? ` · takes ${formatMoney(-(row.priceCents ?? 0))} off`
      : ` · adds ${formatMoney(row.priceCents ?? 0)}`
  }
  return row.priceCents !== null ? ` · ${formatMoney(row.priceCents)}` : ' · quoted'
}

function SoldCard({
  row,
  recipes,
  refused,
}: {
  row: SoldRow
  recipes: SoldView['recipes']
  refused: KitchenRefusal | undefined
}) {
  return (
    <fieldset className="card grid gap-3 p-5" data-testid="sold-row">
      <legend className="drop-form-legend">
        {row.name}
        <span className="block text-sm font-normal text-chocolate">
          {row.where}
          {priceWords(row)}
        </span>
      </legend>
      {Array.from({ length: MADE_OF_ROWS }, (_, n) => (
        <MadeOfPair key={n} n={n} row={row} recipes={recipes} refused={refused} />
      ))}
      {row.adds ? null : (
        <FormField
          name={`${row.key}.net`}
          label="One weighs (g)"
          optional
          hint="Weighed as you sell it: its labels print this as the net weight."
          error={refused?.errors[`${row.key}.net`]}
        >
          {(control) => (
            <input
              {...control}
              inputMode="decimal"
              defaultValue={fieldValue(refused, `${row.key}.net`, row.net)}
            />
          )}
        </FormField>
      )}
      {row.costCents !== null ? <SoldCost row={row} costCents={row.costCents} /> : null}
      {row.problems.length > 0 ? (
        <p className="status-error text-sm">Not all counted: {row.problems.join(' ')}</p>
      ) : null}
    </fieldset>
  )
}

/** One recipe it is made of, and in how many batches. */
function MadeOfPair({
  n,
  row,
  recipes,
  refused,
}: {
  n: number
  row: SoldRow
  recipes: SoldView['recipes']
  refused: KitchenRefusal | undefined
}) {
  const recipeField = `${row.key}.recipe.${n}`
  const batchesField = `${row.key}.batches.${n}`
  return (
    <div className="kitchen-pair">
      <FormField
        name={recipeField}
        label={`Recipe ${n + 1}`}
        optional={n > 0}
        error={refused?.errors[recipeField]}
      >
        {(control) => (
          <select
            {...control}
            defaultValue={fieldValue(refused, recipeField, row.made[n]?.recipeId)}
          >
            <option value="">None</option>
            {recipes.map((recipe) => (
              <option key={recipe.id} value={recipe.id}>
                {recipe.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField name={batchesField} label="Batches" error={refused?.errors[batchesField]}>
        {(control) => (
          <input
            {...control}
            inputMode="decimal"
            placeholder="1"
            defaultValue={fieldValue(refused, batchesField, row.made[n]?.batches)}
          />
        )}
      </FormField>
    </div>
  )
}

/** What one costs her and the margin its price leaves, marked when under her aim. */
function SoldCost({ row, costCents }: { row: SoldRow; costCents: number }) {
  return (
    <p className="text-sm" data-testid="sold-cost">
      {row.adds ? 'Adds to its cost' : 'Costs you'} {formatMoney(costCents)}
      {row.margin ? (
        <>
          {' · '}
          <span className={row.margin.belowTarget ? 'status-error' : 'status-success'}>
            {row.margin.words}
            {row.margin.belowTarget ? ', under your aim' : ''}
          </span>
        </>
      ) : null}
    </p>
  )
}
