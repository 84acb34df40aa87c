import type { ReactNode } from 'react'
import { Form, Link } from 'react-router'
import { formatMoney } from '#app/utils/money.ts'
import type { SheetAnswer } from './bake-sheets.server.ts'
import type { PrepSheet, ShoppingList } from './bake-sheets.ts'

/**
 * The bake-day sheets: the prep sheet and the shopping list for a range of
 * days, each with the days to choose and a button to print it. Printed, only
 * the sheet shows.
 */
function SheetFrame({
  title,
  path,
  answer,
  children,
}: {
  title: string
  path: '/admin/kitchen/prep' | '/admin/kitchen/shopping'
  answer: SheetAnswer<unknown>
  children: ReactNode
}) {
  return (
    <section className="page-section max-w-3xl" aria-labelledby="sheet-heading" data-sheet="">
      <p className="eyebrow sheet-chrome">
        <Link to="/admin/kitchen" className="text-link">
          Kitchen
        </Link>
      </p>
      <h1 id="sheet-heading" className="page-heading mt-2">
        {title}
      </h1>
      {answer.ok ? <p className="lede mt-2">{answer.range.words}</p> : null}
      <Form method="get" action={path} className="sheet-chrome sheet-range card mt-6 p-5">
        <label className="form-field">
          <span className="form-label">From</span>
          <input type="date" name="from" defaultValue={answer.range.from} />
        </label>
        <label className="form-field">
          <span className="form-label">To</span>
          <input type="date" name="to" defaultValue={answer.range.to} />
        </label>
        <button type="submit" className="button-secondary">
          Show
        </button>
        <button type="button" className="button-primary with-script" onClick={() => window.print()}>
          Print
        </button>
      </Form>
      {answer.ok ? (
        <div className="mt-6">{children}</div>
      ) : (
        <p className="status-error mt-4" role="alert">
          {answer.error}
        </p>
      )}
    </section>
  )
}

export function PrepSheetPage({ answer }: { answer: SheetAnswer<PrepSheet> }) {
  const sheet = answer.ok ? answer.sheet : null
  return (
    <SheetFrame title="Prep sheet" path="/admin/kitchen/prep" answer={answer}>
      {sheet && sheet.recipes.length === 0 && sheet.unmade.length === 0 ? (
        <p className="card p-5">No booked orders these days.</p>
      ) : null}
      <ol className="grid gap-4">
        {sheet?.recipes.map((recipe) => (
          <li key={recipe.id} className="card sheet-card p-5" data-testid="prep-recipe">
            <h2 className="font-display text-xl font-semibold">
              {recipe.name} × {recipe.batches}
            </h2>
            <p className="text-sm text-chocolate">Makes {recipe.makes}</p>
            <table className="sheet-table mt-3">
              <caption className="sr-only">What goes into {recipe.name}</caption>
              <tbody>
                {recipe.lines.map((line, index) => (
                  <tr key={index}>
                    <td className="sheet-amount">{line.amount}</td>
                    <td>{line.what}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {recipe.forOrders.length > 0 ? (
              <p className="mt-3 text-sm">For {recipe.forOrders.join('; ')}</p>
            ) : null}
          </li>
        ))}
      </ol>
      <SheetNotes
        notes={[
          ...(sheet?.unmade.map(
            (order) => `No recipe yet: ${order.parts.join(', ')} for ${order.label}.`,
          ) ?? []),
          ...(sheet?.problems.map((problem) => `Not counted: ${problem}`) ?? []),
        ]}
      />
    </SheetFrame>
  )
}

export function ShoppingListPage({ answer }: { answer: SheetAnswer<ShoppingList> }) {
  const list = answer.ok ? answer.sheet : null
  return (
    <SheetFrame title="Shopping list" path="/admin/kitchen/shopping" answer={answer}>
      {list && list.lines.length === 0 ? (
        <p className="card p-5">Nothing to buy for these days.</p>
      ) : (
        <div className="card p-5">
          <table className="sheet-table">
            <caption className="sr-only">What to buy</caption>
            <thead>
              <tr>
                <th scope="col">Ingredient</th>
                <th scope="col">Need</th>
                <th scope="col">Buy</th>
                <th scope="col">Cost</th>
              </tr>
            </thead>
            <tbody>
              {list?.lines.map((line) => (
                <tr key={line.name} data-testid="shopping-line">
                  <th scope="row">{line.name}</th>
                  <td className="sheet-quantity">
                    {line.need}
                    {line.pantry ? <span className="block text-sm">have {line.pantry}</span> : null}
                  </td>
                  <td className="sheet-quantity">
                    {line.toBuy}
                    {line.packs > 0 ? (
                      <span className="block text-sm">
                        {line.packs} pack{line.packs === 1 ? '' : 's'}
                      </span>
                    ) : null}
                  </td>
                  <td>{formatMoney(line.costCents)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={3}>
                  Total
                </th>
                <td data-testid="shopping-total">{formatMoney(list?.totalCents ?? 0)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      <SheetNotes notes={list?.problems.map((problem) => `Not counted: ${problem}`) ?? []} />
    </SheetFrame>
  )
}

function SheetNotes({ notes }: { notes: string[] }) {
  if (notes.length === 0) return null
  return (
    <ul className="status-error sheet-notes mt-4 text-sm">
      {notes.map((note) => (
        <li key={note}>{note}</li>
      ))}
    </ul>
  )
}
