import { localSettings } from '#app/utils/local-settings.ts'
import { countryOf, placeNameOf } from './bakery-address.ts'
import { pageCopyFor } from './page-copy.ts'
import { type IdentityWords, socialLinksOf } from './site-words.ts'

/** A treat on the menu as the structured data lists it. */
export interface MenuItemData {
  name: string
  description: string
  priceFromCents: number | null
}

/** The reviews the owner shows, as the structured data lists them (features/reviews). */
export interface ReviewsData {
  aggregate: { count: number; average: number } | null
  reviews: readonly { rating: number; words: string; displayName: string }[]
}

/**
 * schema.org Bakery description of the business, for search engines' rich
 * results, in her words: what she has not said (where she bakes, since
 * when, a logo, her profiles) is left out rather than guessed. With the
 * menu's active treats (read from the database) and, on the pages that show
 * them, the shown reviews and their AggregateRating.
 */
export function bakeryJsonLd({
  identity,
  siteUrl,
  menu = [],
  pictures,
  shown,
}: {
  identity: IdentityWords
  siteUrl: string
  menu?: MenuItemData[]
  /** Her logo (null: none to show) and the link picture, as absolute addresses (sharedPicturesOf). */
  pictures: { logo: string | null; image: string }
  shown?: ReviewsData
}) {
  const area = placeNameOf(identity)
  const profiles = socialLinksOf(identity).map((link) => link.url)
  const treats = menu.map((item) => item.name)
  return {
    '@context': 'https://schema.org',
    '@type': 'Bakery',
    name: identity.name,
    description: pageCopyFor('home', { identity, treats }).description,
    url: `${siteUrl}/`,
    ...(pictures.logo ? { logo: pictures.logo } : {}),
    image: pictures.image,
    email: identity.email,
    founder: { '@type': 'Person', name: identity.ownerName },
    ...(identity.since ? { foundingDate: identity.since } : {}),
    ...(area ? { address: postalAddressOf(identity), areaServed: area } : {}),
    ...(profiles.length > 0 ? { sameAs: profiles } : {}),
    ...(menu.length > 0
      ? {
          hasOfferCatalog: {
            '@type': 'OfferCatalog',
            name: 'Our Treats',
            itemListElement: menu.map((item) => ({
              '@type': 'Offer',
              itemOffered: { '@type': 'Product', name: item.name, description: item.description },
              url: `${siteUrl}/ordernow`,
              ...(item.priceFromCents === null
                ? {}
                : {
                    priceSpecification: {
                      '@type': 'PriceSpecification',
                      minPrice: (item.priceFromCents / 100).toFixed(2),
                      priceCurrency: localSettings().currency,
                    },
                  }),
            })),
          },
        }
      : {}),
    ...(shown?.aggregate
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: shown.aggregate.average,
            reviewCount: shown.aggregate.count,
            bestRating: 5,
            worstRating: 1,
          },
          review: shown.reviews.map((review) => ({
            '@type': 'Review',
            reviewRating: {
              '@type': 'Rating',
              ratingValue: review.rating,
              bestRating: 5,
              worstRating: 1,
            },
            author: { '@type': 'Person', name: review.displayName },
            ...(review.words ? { reviewBody: review.words } : {}),
          })),
        }
      : {}),
  }
}

/**
 * Her address as schema.org writes one, from its public part only: never a
 * streetAddress, which is private (decision 084). The locality is her city,
 * or where she says she bakes; the country is her locale's region.
 */
function postalAddressOf(identity: IdentityWords) {
  const locality = identity.city.trim() || identity.serviceArea.trim()
  const country = countryOf(localSettings().locale)
  return {
    '@type': 'PostalAddress',
    ...(locality ? { addressLocality: locality } : {}),
    ...(identity.region ? { addressRegion: identity.region } : {}),
    ...(identity.postalCode ? { postalCode: identity.postalCode } : {}),
    ...(country ? { addressCountry: country } : {}),
  }
}

/**
 * JSON for a <script type="application/ld+json">: '<' is escaped so no value
 * from the content can close the script element early.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}
