import { serializeJsonLd } from '#app/content/structured-data.ts'
import { DRAWN_WORDS_ID, serverDrawnWords } from '#app/utils/drawn-words.ts'

/**
 * The amounts, counts and dates the server wrote in this page, for the
 * browser to start with (utils/drawn-words.ts). Last in the body, so the
 * whole page has been written when it is. JSON, not a script to run: it
 * needs no nonce and costs nothing until the page reads it.
 */
export function DrawnWordsScript() {
  const words = serverDrawnWords()
  return (
    <script
      id={DRAWN_WORDS_ID}
      type="application/json"
      // The browser renders it empty: what the server wrote stays as it is.
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: words ? serializeJsonLd(words) : '' }}
    />
  )
}
