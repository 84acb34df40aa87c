export type Align = 'left' | 'right'

/**
 * A markdown table padded to line up in a terminal too, since the report is
 * read there at least as often as it is pasted into an issue.
 */
export function formatTable(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  align: readonly Align[] = [],
): string {
  const widths = headers.map((header, column) =>
    Math.max(3, header.length, ...rows.map((row) => (row[column] ?? '').length)),
  )
  const pad = (text: string, column: number) => {
    const width = widths[column] ?? 0
    return align[column] === 'right' ? text.padStart(width) : text.padEnd(width)
  }
  const line = (cells: readonly string[]) =>
    `| ${headers.map((_, column) => pad(cells[column] ?? '', column)).join(' | ')} |`
  const rule = `| ${widths
    .map((width, column) =>
      align[column] === 'right' ? `${'-'.repeat(width - 1)}:` : '-'.repeat(width),
    )
    .join(' | ')} |`
  return [line(headers), rule, ...rows.map(line)].join('\n')
}

export function formatNumber(value: number | null, digits = 0): string {
  return value === null ? 'n/a' : value.toFixed(digits)
}
