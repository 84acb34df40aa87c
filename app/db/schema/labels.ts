import type { Generated } from 'kysely'
import type { Millis } from './shared.ts'

/*
 * Labels (features/labels, decision 106): her region and what she prints,
 * each sold thing's net weight, and each order's or drop's labels as first
 * made.
 */

export interface LabelSettingsTable {
  id: number
  /** A region code of features/labels/regions.ts; '' before she chooses. */
  region: Generated<string>
  permit: Generated<string>
  maker: Generated<string>
  layout: Generated<string>
  /** Her own yearly sales cap, in cents; null reads her region's. */
  sales_cap_cents: number | null
}

export interface LabelNetTable {
  id: Generated<number>
  /** A menu treat or a drop's item, never both. */
  product_id: number | null
  drop_item_id: number | null
  /** An exact fraction as text, in grams. */
  grams: string
}

export interface LabelSheetTable {
  id: Generated<number>
  /** An order or a drop, never both. */
  request_id: number | null
  drop_id: number | null
  made_on: string
  /** The labels as made: JSON of features/labels/label-text.ts's Label[]. */
  labels: string
  created_at: Millis
}
