import { createContext, useContext } from 'react'
import { type PublicWords, SEED_PUBLIC_WORDS } from '#app/content/site-words.ts'

/**
 * The owner's words for this request, as the root loader read them from the
 * store (features/site-content); root.tsx provides them around the page.
 * Rendered without it (an error page, a component's test), the seed's words.
 */
export const SiteWordsContext = createContext<PublicWords>(SEED_PUBLIC_WORDS)

export function useSiteWords(): PublicWords {
  return useContext(SiteWordsContext)
}

/** The same words from a meta function's matches. */
export function siteWordsFrom(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
): PublicWords {
  const root = matches.find((match) => match?.id === 'root')?.loaderData as
    { words?: PublicWords } | undefined
  return root?.words ?? SEED_PUBLIC_WORDS
}
