/**
 * How the layout (root.tsx) frames a page. Every page has the bakery's
 * header, footer and structured data, except a page that is nobody's yet:
 * the first-run setup, seen before the bakery has a name, has only its own
 * words (decision 080). A route says so with `export const handle = BARE_FRAME`.
 */
export const BARE_FRAME = { frame: 'bare' } as const

/** Whether the matched route asks for the bare frame. */
export function isBareFrame(matches: ReadonlyArray<{ handle?: unknown }>): boolean {
  return matches.some(
    (match) => (match.handle as { frame?: unknown } | undefined)?.frame === BARE_FRAME.frame,
  )
}
