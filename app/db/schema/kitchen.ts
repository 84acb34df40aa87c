import type { Generated } from 'kysely'
import type { Millis } from './shared.ts'

/*
 * The kitchen (features/kitchen, decision 105): ingredients, recipes and
 * what each thing she sells is made of. Amounts are exact fractions as text
 * ("3/2"); units are features/kitchen/units.ts's keys.
 */

export interface IngredientTable {
  id: Generated<number>
  name: string
  /** The name lower-cased: unique, so "Flour" and "flour" are one. */
  name_key: string
  pack_amount: string
  pack_unit: string
  pack_price_cents: number
  /** Grams per millilitre; null when not given. */
  density: string | null
  /** Allergen keys, comma-separated. */
  allergens: Generated<string>
  /** In the pack's unit; null when she does not keep count. */
  pantry_amount: string | null
  /** What its own pack lists, printed in brackets on a label: "wheat flour, niacin". */
  contents: Generated<string>
  /** What one piece weighs, in grams, when it is bought by the piece; null if not given. */
  piece_grams: string | null
  updated_at: Millis
}

export interface RecipeTable {
  id: Generated<number>
  name: string
  name_key: string
  yield_amount: string
  yield_unit: string
  labour_minutes: Generated<number>
  packaging_cents: Generated<number>
  /** Lower comes first on the prep sheet. */
  bake_rank: Generated<number>
  updated_at: Millis
}

export interface RecipeLineTable {
  id: Generated<number>
  recipe_id: number
  position: number
  /** Exactly one of ingredient_id and sub_recipe_id. */
  ingredient_id: number | null
  sub_recipe_id: number | null
  amount: string
  /** A unit, or 'batch' for a sub-recipe. */
  unit: string
}

export interface RecipeUseTable {
  id: Generated<number>
  /** A menu treat, or with option_key what one of its choices adds… */
  product_id: number | null
  /** "<group key>.<choice key>". */
  option_key: string | null
  /** …or a drop's item. */
  drop_item_id: number | null
  recipe_id: number
  batches: string
}

export interface KitchenSettingsTable {
  id: number
  hourly_rate_cents: number
  target_margin_percent: number
}
