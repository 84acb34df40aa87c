/**
 * Cells of the owner's downloads (the orders' CSV, her customers'), as a
 * spreadsheet reads them. Pure.
 */

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage
 * return before one) as a formula; customers write these cells, so any such
 * cell is made plain text with a leading apostrophe.
 */
export function neutraliseFormula(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell
}

/** Cents as a spreadsheet adds them up: '120.00'. */
export function spreadsheetAmount(cents: number): string {
  return (cents / 100).toFixed(2)
}
