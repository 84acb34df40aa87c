import { foldLines } from 'ical-generator'
import { expect, test } from 'vitest'
import { escapeIcalText, foldIcalLine, icalLines } from './ical-text.ts'

const LINES = [
  '',
  'SUMMARY:Cakes',
  `DESCRIPTION:${'a'.repeat(73)}`,
  `DESCRIPTION:${'a'.repeat(62)}`,
  `DESCRIPTION:${'a'.repeat(63)}`,
  `DESCRIPTION:${'a'.repeat(300)}`,
  // Two-, three- and four-octet characters landing on each side of the fold.
  `SUMMARY:${'é'.repeat(80)}`,
  `SUMMARY:x${'€'.repeat(40)}`,
  `SUMMARY:xy${'🌸'.repeat(40)}`,
  `SUMMARY:${'a'.repeat(64)}é🌸€${'b'.repeat(80)}`,
]

test('a long line folds where ical-generator folded it, never inside a character', () => {
  for (const line of LINES) {
    const folded = foldIcalLine(line)
    expect(folded).toBe(foldLines(line))
    const parts = folded.split('\r\n')
    for (const [index, part] of parts.entries()) {
      // At most 75 octets: a continuation is a space and up to 74 more.
      expect(Buffer.byteLength(part)).toBeLessThanOrEqual(index === 0 ? 74 : 75)
      if (index > 0) expect(part.startsWith(' ')).toBe(true)
      // Each part is whole UTF-8 on its own: no character cut in two.
      expect(Buffer.from(Buffer.from(part).toString('utf8')).equals(Buffer.from(part))).toBe(true)
      expect(part).not.toMatch(/[\uD800-\uDBFF]$/)
    }
    // Unfolding (RFC 5545: drop each CRLF and the space after it) gives the line back.
    expect(folded.replaceAll('\r\n ', '')).toBe(line)
  }
})

test('text values escape backslash, semicolon and comma, and any line break becomes \\n', () => {
  expect(escapeIcalText('a\\b;c,d\r\ne\nf\rg: "h"')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng: "h"')
  expect(icalLines(['A:1', `B:${'x'.repeat(80)}`])).toBe(
    `A:1\r\nB:${'x'.repeat(72)}\r\n ${'x'.repeat(8)}\r\n`,
  )
})
