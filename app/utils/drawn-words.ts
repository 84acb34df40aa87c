/**
 * The words a page was drawn with: every amount, count and date the server
 * wrote while rendering it, by formatter and value. The page carries them
 * (`DrawnWordsScript`), and while it starts the browser writes the same values
 * from them instead of building Intl formatters of its own. The first Intl
 * formatter a page builds costs one task of 20–45 ms on a fast machine (the
 * browser loading its locale data), four times that on her phone, in the
 * middle of React's start (decision 071). Anything the server did not write
 * is formatted in the browser as before.
 *
 * The browser may load this file: it imports nothing of the server.
 */

/** The id of the page's script element holding its words. */
export const DRAWN_WORDS_ID = 'drawn-words'

/** What a formatter wrote: a string, or the parts of one. */
type Written = string | readonly { type: string; value: string }[]

/** By formatter key, then by method and value ('f45', 'p1767225600000'). */
export type DrawnWords = Record<string, Record<string, Written>>

let serverRecord: (() => DrawnWords | undefined) | undefined
let pageWords: DrawnWords | undefined

/** For utils/drawn-words.server.ts only: where the words of the page being rendered go. */
export function setServerDrawnWordsSource(source: () => DrawnWords | undefined): void {
  serverRecord = source
}

/** On the server, the words of the page being rendered; nothing in the browser. */
export function serverDrawnWords(): DrawnWords | undefined {
  return serverRecord?.()
}

function readPageWords(): DrawnWords {
  try {
    const text = document.getElementById(DRAWN_WORDS_ID)?.textContent
    return text ? (JSON.parse(text) as DrawnWords) : {}
  } catch {
    // A page without its words formats them itself.
    return {}
  }
}

function drawnWords(): DrawnWords | undefined {
  if (serverRecord) return serverRecord()
  if (pageWords === undefined && typeof document !== 'undefined') pageWords = readPageWords()
  return pageWords
}

/** The Intl formatters the app builds. */
type IntlFormatter = Intl.NumberFormat | Intl.DateTimeFormat

/** An Intl formatter as the app has it: the page's words first, Intl when needed. */
export type Formatter<F extends IntlFormatter> = Pick<F, 'format' | 'formatToParts'>

/** What both kinds are asked here: a number (or a Date, for dates) written or in parts. */
interface Writes {
  format(value: number | Date): string
  formatToParts(value: number | Date): { type: string; value: string }[]
}

/**
 * A formatter that answers from the page's words when it can and builds
 * its Intl formatter (`build`) only when it has to. `key` names what built it
 * (locale, currency, options): the same key writes the same words on both sides.
 */
export function drawnFormatter<F extends IntlFormatter>(key: string, build: () => F): Formatter<F> {
  let intl: Writes | undefined
  function write<R extends Written>(entry: string, by: (formatter: Writes) => R): R {
    const words = drawnWords()
    const found = words?.[key]?.[entry]
    if (found !== undefined) return found as R
    const written = by((intl ??= build() as unknown as Writes))
    if (serverRecord && words) (words[key] ??= {})[entry] = written
    return written
  }
  const formatter: Writes = {
    format: (value) => write(`f${Number(value)}`, (intl) => intl.format(value)),
    formatToParts: (value) => write(`p${Number(value)}`, (intl) => intl.formatToParts(value)),
  }
  return formatter as unknown as Formatter<F>
}
