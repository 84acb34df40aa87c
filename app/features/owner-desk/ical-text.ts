/**
 * The two text rules of an iCalendar file (RFC 5545, 3.1 and 3.3.11), written
 * as ical-generator 8 writes them, so the feed we now write page by page reads
 * byte for byte as the one the package built in memory (ical-text.test.ts
 * holds the two side by side).
 */

/** A TEXT value: backslash, semicolon and comma escaped; any line break becomes \n. */
export function escapeIcalText(value: string): string {
  return value.replace(/[\\;,]/g, (char) => `\\${char}`).replace(/\r\n|\r|\n/g, '\\n')
}

/** Octets of one code point in UTF-8 (a lone surrogate is written as U+FFFD: 3). */
function utf8Length(codePoint: number): number {
  if (codePoint < 0x80) return 1
  if (codePoint < 0x800) return 2
  if (codePoint < 0x10000) return 3
  return 4
}

/** A line holds at most this many octets before it folds (a folded line adds its leading space). */
const FOLD_AFTER_OCTETS = 74

/**
 * One content line folded so no line is longer than 75 octets: a CRLF and a
 * space go before the character that would pass 74, never inside a
 * character's UTF-8 bytes (nor between the two halves of a surrogate pair).
 * Most lines are short and ASCII; those are returned as they are without a
 * walk through their characters (the walk was most of the old feed's time).
 */
export function foldIcalLine(line: string): string {
  // Each UTF-16 unit is at most 3 octets, so a line this short cannot need a fold.
  if (line.length * 3 <= FOLD_AFTER_OCTETS) return line
  if (line.length <= FOLD_AFTER_OCTETS && Buffer.byteLength(line) <= FOLD_AFTER_OCTETS) return line
  let folded = ''
  let octets = 0
  let start = 0
  let index = 0
  while (index < line.length) {
    const codePoint = line.codePointAt(index)!
    const units = codePoint > 0xffff ? 2 : 1
    const size = utf8Length(codePoint)
    octets += size
    if (octets > FOLD_AFTER_OCTETS) {
      folded += `${line.slice(start, index)}\r\n `
      start = index
      octets = size
    }
    index += units
  }
  return folded + line.slice(start)
}

/** Content lines as a file holds them: each folded, each ended by CRLF. */
export function icalLines(lines: readonly string[]): string {
  let text = ''
  for (const line of lines) text += `${foldIcalLine(line)}\r\n`
  return text
}
