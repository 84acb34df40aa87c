import type { Generated } from 'kysely'

/*
 * Her taxes (features/taxes, decision 113). A treat names its class
 * (product.tax_class_id), a drop's own items take the class marked
 * drop_items; a quote
 * keeps the taxes it was priced with (request_quote.taxes).
 */

export interface TaxRateTable {
  id: Generated<number>
  /** As her customers read it: 'HST', 'GST', 'QST', 'Sales tax'. */
  name: string
  /** Parts per million: 13% is 130000, 9.975% is 99750. */
  ppm: number
  /** Her registration number for it, as receipts print it: '123456789 RT0001'; '' for none. */
  number: Generated<string>
  position: number
}

export interface TaxClassTable {
  id: Generated<number>
  /** 'Taxable treats', 'Zero-rated basic groceries'. */
  name: string
  /** The rule she follows for it, in her words, with its source. */
  rule: Generated<string>
  /** 1 on the one class a drop's own items (not from the menu) are taxed as. */
  drop_items: Generated<number>
  position: number
}

export interface TaxClassRateTable {
  class_id: number
  rate_id: number
}
