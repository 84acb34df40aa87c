import { Suspense, useEffect, useState } from 'react'
import {
  Links,
  Meta,
  Outlet,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  isRouteErrorResponse,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from 'react-router'
import { AnnouncementBanner } from '#app/components/announcement-banner.tsx'
import {
  DeferredScripts,
  HydrationLoader,
  hydrationStart,
} from '#app/components/deferred-scripts.tsx'
import { DrawnWordsScript } from '#app/components/drawn-words-script.tsx'
import { HYDRATION } from '#app/components/hydration-loader.ts'
import { useNonce } from '#app/components/nonce.tsx'
import { NotFoundPage } from '#app/components/not-found-page.tsx'
import { OWNER_DESK } from '#app/components/owner-links.ts'
import { isBareFrame } from '#app/components/page-frame.ts'
import { SiteFooter } from '#app/components/site-footer.tsx'
import { SiteHeader } from '#app/components/site-header.tsx'
import { SiteWordsContext, useSiteWords } from '#app/components/use-site-words.ts'
import { cardPaymentsOn, getEnv } from '#app/config/env.server.ts'
import { CREAM } from '#app/content/brand-colors.ts'
import { UNNAMED_ICON, sharedPicturesOf, siteIconOf } from '#app/content/built-in-pictures.ts'
import { pageTitle } from '#app/content/format.ts'
import { type PublicWords, SEED_PUBLIC_WORDS, toPublicWords } from '#app/content/site-words.ts'
import { type ReviewsData, bakeryJsonLd, serializeJsonLd } from '#app/content/structured-data.ts'
import { getDb } from '#app/db/db.server.ts'
import { AdminFooterControl } from '#app/features/auth/admin-footer-control.tsx'
import { OwnerBar } from '#app/features/auth/owner-bar.tsx'
import { adminContext } from '#app/features/auth/require-admin.server.ts'
import { giftCardsOn } from '#app/features/gift-cards/gift-card-book.server.ts'
import { listActiveProducts } from '#app/features/menu/menu.server.ts'
import { readSiteWords } from '#app/features/site-content/site-content.server.ts'
import { publicPictures } from '#app/features/site-content/site-pictures.server.ts'
import { bakeryToday } from '#app/utils/dates.ts'
import { localSettings, useLocalSettingsInBrowser } from '#app/utils/local-settings.ts'
import type { Route } from './+types/root'
import frauncesUrl from './fonts/fraunces-600-basic.woff2?url'
import nunitoUrl from './fonts/nunito-400-basic.woff2?url'
import nunitoBoldUrl from './fonts/nunito-700-basic.woff2?url'
import './app.css'

export async function loader({ context }: Route.LoaderArgs) {
  const db = getDb()
  const today = bakeryToday()
  const [products, words] = await Promise.all([listActiveProducts(db), readSiteWords(db)])
  const menu = products.map(({ name, description, priceFromCents }) => ({
    name,
    description,
    priceFromCents,
  }))
  return {
    siteUrl: getEnv().SITE_URL,
    signedIn: context.get(adminContext) !== null,
    menu,
    // The owner's words (features/site-content); the banner as it stands on the bakery's today.
    // Her pictures at the address visitors fetch them from.
    words: toPublicWords({ ...words, pictures: publicPictures(words.pictures) }, today),
    // The footer's year is the bakery's (SiteFooter says why).
    year: Number(today.slice(0, 4)),
    // The footer links the gift card shop while she sells them (decision 114).
    giftCards: cardPaymentsOn() && (await giftCardsOn(db)),
  }
}

/** Her logo and the link picture in the structured data (content/built-in-pictures.ts). */
function jsonLdPictures(words: PublicWords, siteUrl: string) {
  const shared = sharedPicturesOf(words.pictures, words.identity, siteUrl)
  return { logo: shared.logo, image: shared.image.url }
}

/**
 * Sending an order or a message changes nothing the layout shows, so the
 * layout's data is not fetched again afterwards (which also keeps a failed
 * send on a flaky connection from turning into an error page).
 */
export function shouldRevalidate({
  formAction,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const path = formAction?.toLowerCase() ?? ''
  if (path.startsWith('/ordernow') || path.startsWith('/contact')) return false
  return defaultShouldRevalidate
}

export const links: Route.LinksFunction = () => [
  // Fetched alongside the stylesheet so they are usually ready for the first paint.
  ...[frauncesUrl, nunitoUrl, nunitoBoldUrl].map((href) => ({
    rel: 'preload',
    href,
    as: 'font',
    type: 'font/woff2',
    crossOrigin: 'anonymous' as const,
  })),
]

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce()
  const data = useRootData()
  // In the browser, every date and amount follows the settings this page was rendered with.
  useLocalSettingsInBrowser(data?.words.local)
  const matches = useMatches()
  // A page that is nobody's yet (the first-run setup) shows none of the bakery's words or marks.
  const bare = isBareFrame(matches)
  const { pathname } = useLocation()
  const start = useHydrationStart(pathname)
  return (
    <html lang={data?.words.local.locale ?? localSettings().locale}>
      <FrameHead
        nonce={nonce}
        start={start}
        data={bare ? undefined : data}
        shownReviews={shownReviewsOf(matches)}
      />
      {/* On her own pages a phone shows her bar alone, not the public header too (app.css). */}
      <body data-owner-desk={data?.signedIn && OWNER_DESK.test(pathname) ? '' : undefined}>
        <SiteWordsContext value={data?.words ?? SEED_PUBLIC_WORDS}>
          <a href="#main" className="skip-link">
            Skip to content
          </a>
          {bare ? null : <FrameTop data={data} pathname={pathname} />}
          <main id="main" tabIndex={-1}>
            {/* The page is a Suspense boundary of its own, so React hydrates it
                after the frame around it, in slices of a few milliseconds at
                idle priority instead of a few long tasks (decision 064); a
                tap inside it before then hydrates it at once and is replayed. */}
            <Suspense>
              {children}
              <HydratedMark />
            </Suspense>
          </main>
          {bare ? null : (
            <SiteFooter
              adminControl={<AdminFooterControl signedIn={data?.signedIn ?? false} />}
              year={data?.year}
              giftCards={data?.giftCards ?? false}
            />
          )}
          <ScrollRestoration nonce={nonce} />
          <DeferredScripts nonce={nonce} start={start} />
          <DrawnWordsScript />
        </SiteWordsContext>
      </body>
    </html>
  )
}

/** The layout's data, as every page's frame reads it. */
function useRootData() {
  return useRouteLoaderData<typeof loader>('root')
}

type RootData = NonNullable<ReturnType<typeof useRootData>>

/** The pages that show reviews (Home, About) load them as `shownReviews`. */
function shownReviewsOf(matches: ReturnType<typeof useMatches>) {
  return matches
    .map((match) => (match.loaderData as { shownReviews?: ReviewsData } | undefined)?.shownReviews)
    .find(Boolean)
}

/**
 * How the page's scripts start, decided once, by the page the visitor
 * arrived on: both renders agree, so the scripts hydrate as the server
 * wrote them. Marks the frame hydrated once React has it.
 */
function useHydrationStart(pathname: string) {
  const [start] = useState(() => hydrationStart(pathname))
  // Until React has hydrated this frame the loader holds the visitor's actions
  // for it (hydration-loader.ts): React listens from the start, but runs
  // nothing before then.
  useEffect(() => {
    document.documentElement.setAttribute(HYDRATION.frameHydratedAttribute, '')
  }, [])
  return start
}

/**
 * The head: the hydration loader first, the page's meta and styles, the
 * bakery's icon and, on a page that is hers (`data`), her structured data.
 */
function FrameHead({
  nonce,
  start,
  data,
  shownReviews,
}: {
  nonce: string
  start: ReturnType<typeof hydrationStart>
  data: RootData | undefined
  shownReviews: ReviewsData | undefined
}) {
  const icon = data ? siteIconOf(data.words.pictures, data.words.identity.name) : UNNAMED_ICON
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="theme-color" content={CREAM} />
      {/* First in the head, so no click on the page can come before it. */}
      {start === 'load' ? null : <HydrationLoader nonce={nonce} />}
      <Meta />
      {/* Styles need no nonce (the CSP allows our own and inline styles). Left to
          itself, Links stamps the server's nonce on the development server's inline
          <style>, which the browser cannot know and so fails hydration. */}
      <Links nonce="" />
      <link rel="icon" href={icon.href} type={icon.type} />
      {data ? (
        <script
          type="application/ld+json"
          // Structured data from our own content, escaped by serializeJsonLd.
          dangerouslySetInnerHTML={{
            __html: serializeJsonLd(
              bakeryJsonLd({
                identity: data.words.identity,
                siteUrl: data.siteUrl,
                menu: data.menu,
                pictures: jsonLdPictures(data.words, data.siteUrl),
                shown: shownReviews,
              }),
            ),
          }}
        />
      ) : null}
    </head>
  )
}

/** Above the page: her bar when she is signed in, the banner, and the site's header. */
function FrameTop({ data, pathname }: { data: RootData | undefined; pathname: string }) {
  return (
    <>
      {/* Only for a request with a checked session: such pages are never cached for others. */}
      {data?.signedIn ? <OwnerBar /> : null}
      {data?.words.banner ? <AnnouncementBanner banner={data.words.banner} /> : null}
      {/* On her own pages her bar is the header: the public one lists her pages only elsewhere. */}
      <SiteHeader owner={data?.signedIn === true && !OWNER_DESK.test(pathname)} />
    </>
  )
}

/**
 * Tells the loader (and the browser tests) that React now runs the page. Last
 * inside the page's boundary, so it runs once the whole page is React's.
 */
function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = ''
    document.dispatchEvent(new Event(HYDRATION.hydratedEvent))
  }, [])
  return null
}

export default function App() {
  return <Outlet />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const bakeryName = useSiteWords().identity.name
  if (isRouteErrorResponse(error) && error.status === 401) {
    return (
      <>
        <title>{pageTitle('Sign in', bakeryName)}</title>
        <section className="page-section text-center">
          <h1 className="page-heading">Please sign in</h1>
          <p className="mt-4 text-lg">
            This page is for the bakery&rsquo;s owner. Use Admin Login at the foot of the page.
          </p>
        </section>
      </>
    )
  }
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        <title>{pageTitle('404', bakeryName)}</title>
        <NotFoundPage />
      </>
    )
  }
  // A 4xx is the sender's mistake, not ours: only real failures are logged.
  if (!isRouteErrorResponse(error) || error.status >= 500) console.error(error)
  return (
    <>
      <title>{pageTitle('Something went wrong', bakeryName)}</title>
      <section className="page-section text-center">
        <h1 className="page-heading">Something went wrong</h1>
        <p className="mt-4 text-lg">
          Sorry — this page could not be shown. Please try again in a moment.
        </p>
      </section>
    </>
  )
}
