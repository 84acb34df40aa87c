import { useRouteLoaderData } from 'react-router'
import { type PublicWords, SEED_PUBLIC_WORDS } from '#app/content/site-words.ts'

/**
 * The owner's words for a component: what the root loader read from the
 * store for this request (features/site-content). An error page rendered
 * without the root's data shows the seed's words.
 */
export function useSiteWords(): PublicWords {
  const data = useRouteLoaderData('root') as { words?: PublicWords } | undefined
  return data?.words ?? SEED_PUBLIC_WORDS
}

/** The same words from a meta function's matches. */
export function siteWordsFrom(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
): PublicWords {
  const root = matches.find((match) => match?.id === 'root')?.loaderData as
    | { words?: PublicWords }
    | undefined
  return root?.words ?? SEED_PUBLIC_WORDS
}
