import { useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { formatMoney } from '#app/utils/money.ts'
import { KitchenRates, type RatesAnswer } from './kitchen-rates.tsx'
import type { IngredientSummary, KitchenOverview, RecipeSummary } from './kitchen-view.server.ts'

/**
 * Her kitchen: what each recipe costs her, what she buys, and her rate.
 * Back from a save it opens at the card she saved, saying so, focused.
 */
export function KitchenPage({
  overview,
  saved,
  deleted,
  ratesAnswer,
}: {
  overview: KitchenOverview
  /** "recipe-3" after a save. */
  saved: string | null
  /** The name of what she deleted. */
  deleted: string | null
  ratesAnswer: RatesAnswer | undefined
}) {
  return (
    <section className="page-section max-w-4xl" aria-labelledby="kitchen-heading">
      <h1 id="kitchen-heading" className="page-heading">
        Kitchen
      </h1>
      <p className="lede mt-3">
        Your recipes and what you buy for them: what each bake truly costs you, your time included.
      </p>
      <KitchenNav />
      {deleted !== null ? (
        <Said className="mt-4">{deleted ? `${deleted} is deleted.` : 'Deleted.'}</Said>
      ) : null}

      {overview.quotesUnder.length > 0 ? (
        <QuotesUnder quotes={overview.quotesUnder} aim={overview.settings.targetMarginPercent} />
      ) : null}

      <div className="kitchen-columns mt-8">
        <RecipesColumn recipes={overview.recipes} saved={saved} />
        <IngredientsColumn overview={overview} saved={saved} ratesAnswer={ratesAnswer} />
      </div>
    </section>
  )
}

/** Her kitchen's other pages: what she sells, the prep sheet, the shopping list, labels. */
function KitchenNav() {
  return (
    <nav aria-label="Kitchen" className="kitchen-nav mt-5">
      <Link to="/admin/kitchen/sold" className="button-secondary">
        What you sell
      </Link>
      <Link to="/admin/kitchen/prep" className="button-secondary">
        Prep sheet
      </Link>
      <Link to="/admin/kitchen/shopping" className="button-secondary">
        Shopping list
      </Link>
      <Link to="/admin/kitchen/labels" className="button-secondary">
        Labels
      </Link>
    </nav>
  )
}

/** Her recipes, each with what it costs her, or how to start. */
function RecipesColumn({
  recipes,
  saved,
}: {
  recipes: KitchenOverview['recipes']
  saved: string | null
}) {
  return (
    <section aria-labelledby="recipes-heading">
      <div className="kitchen-list-head">
        <h2 id="recipes-heading" className="section-heading">
          Recipes
        </h2>
        <Link to="/admin/kitchen/recipes/new" className="button-primary">
          New recipe
        </Link>
      </div>
      {recipes.length === 0 ? (
        <p className="card mt-4 p-5">
          No recipes yet. Add what you buy first, then a recipe: a sponge, a buttercream, a cookie
          dough. A cake can use the others.
        </p>
      ) : (
        <ul className="mt-4 grid gap-3">
          {recipes.map((recipe) => (
            <RecipeCard key={recipe.id} recipe={recipe} saved={saved === `recipe-${recipe.id}`} />
          ))}
        </ul>
      )}
    </section>
  )
}

/** What she buys, each with its price, and her rates below. */
function IngredientsColumn({
  overview,
  saved,
  ratesAnswer,
}: {
  overview: KitchenOverview
  saved: string | null
  ratesAnswer: RatesAnswer | undefined
}) {
  return (
    <section aria-labelledby="ingredients-heading">
      <div className="kitchen-list-head">
        <h2 id="ingredients-heading" className="section-heading">
          What you buy
        </h2>
        <Link to="/admin/kitchen/ingredients/new" className="button-secondary">
          New ingredient
        </Link>
      </div>
      {overview.ingredients.length === 0 ? (
        <p className="card mt-4 p-5">
          Nothing yet. Add flour as you buy it: the bag’s size and what it costs.
        </p>
      ) : (
        <ul className="mt-4 grid gap-3">
          {overview.ingredients.map((ingredient) => (
            <IngredientCard
              key={ingredient.id}
              ingredient={ingredient}
              saved={saved === `ingredient-${ingredient.id}`}
            />
          ))}
        </ul>
      )}
      <KitchenRates settings={overview.settings} answer={ratesAnswer} />
    </section>
  )
}

/** A word back from her last tap, focused so a phone shows it and a screen reader says it. */
function Said({ children, className = '' }: { children: string; className?: string }) {
  const ref = useRef<HTMLParagraphElement>(null)
  useEffect(() => ref.current?.focus(), [])
  return (
    <p ref={ref} tabIndex={-1} role="status" className={`status-success kitchen-said ${className}`}>
      {children}
    </p>
  )
}

function RecipeCard({ recipe, saved }: { recipe: RecipeSummary; saved: boolean }) {
  const { cost } = recipe
  return (
    <li id={`recipe-${recipe.id}`} className="card kitchen-card p-5">
      {saved ? <Said>Saved.</Said> : null}
      <h3 className="font-display text-xl font-semibold">
        <Link to={`/admin/kitchen/recipes/${recipe.id}`} className="kitchen-card-link">
          {recipe.name}
        </Link>
      </h3>
      <p className="text-chocolate">Makes {recipe.makes}</p>
      <dl className="kitchen-figures mt-3">
        <div>
          <dt>A batch costs you</dt>
          <dd data-testid="recipe-cost">{formatMoney(cost.totalCents)}</dd>
        </div>
        {recipe.perPiece ? (
          <div>
            <dt>Each</dt>
            <dd>{recipe.perPiece}</dd>
          </div>
        ) : null}
        <div>
          <dt>Ingredients and packaging</dt>
          <dd>{formatMoney(cost.materialsCents)}</dd>
        </div>
        <div>
          <dt>Your time</dt>
          <dd>
            {Math.round(cost.labourMinutes)} min · {formatMoney(cost.labourCents)}
          </dd>
        </div>
      </dl>
      {recipe.contains ? <p className="mt-3 text-sm">Contains: {recipe.contains}</p> : null}
      {cost.problems.length > 0 ? (
        <div className="status-error mt-3 text-sm" data-testid="recipe-problems">
          <p>Not all of it is counted yet:</p>
          <ul className="kitchen-problems">
            {cost.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </li>
  )
}

function IngredientCard({ ingredient, saved }: { ingredient: IngredientSummary; saved: boolean }) {
  return (
    <li id={`ingredient-${ingredient.id}`} className="card kitchen-card p-4">
      {saved ? <Said>Saved.</Said> : null}
      <h3 className="font-semibold">
        <Link to={`/admin/kitchen/ingredients/${ingredient.id}`} className="kitchen-card-link">
          {ingredient.name}
        </Link>
      </h3>
      <p className="text-sm text-chocolate">
        {ingredient.pack}
        {ingredient.usedIn > 0
          ? ` · in ${ingredient.usedIn} recipe${ingredient.usedIn === 1 ? '' : 's'}`
          : ''}
      </p>
      {ingredient.contains ? <p className="text-sm">Contains: {ingredient.contains}</p> : null}
    </li>
  )
}

/** Open quotes a dearer recipe has put under her aim, each a tap from its order. */
function QuotesUnder({ quotes, aim }: { quotes: KitchenOverview['quotesUnder']; aim: number }) {
  return (
    <section
      className="card mt-6 p-5"
      aria-labelledby="quotes-under-heading"
      data-testid="quotes-under"
    >
      <h2 id="quotes-under-heading" className="font-display text-xl font-semibold">
        Open quotes under your {aim}% margin
      </h2>
      <p className="text-sm text-chocolate">
        What these recipes cost now leaves less than you aim for.
      </p>
      <ul className="mt-2 grid gap-1">
        {quotes.map((quote) => (
          <li key={quote.requestId}>
            <Link to={`/admin/orders/${quote.requestId}`} className="kitchen-card-link">
              {quote.label}
            </Link>{' '}
            <span className="text-sm">
              quoted {formatMoney(quote.priceCents)}, costs you {formatMoney(quote.costCents)}:
              leaves {quote.percent}%
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}
