import { localSettings } from '#app/utils/local-settings.ts'
import type { SiteContent } from './site.ts'

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
 * results, with the menu's active treats (read from the database) and, on
 * the pages that show them, the shown reviews and their AggregateRating.
 */
export function bakeryJsonLd(
  content: SiteContent,
  siteUrl: string,
  menu: MenuItemData[] = [],
  /** Her logo and photo (absolute addresses), when she has uploaded them. */
  pictures: { logo?: string; image?: string } = {},
  shown?: ReviewsData,
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Bakery',
    name: content.brandTitle,
    description: content.pages.home.description,
    url: `${siteUrl}/`,
    logo: pictures.logo ?? `${siteUrl}/images/logo.svg`,
    image: pictures.image ?? `${siteUrl}/images/og-image.png`,
    email: content.email,
    founder: { '@type': 'Person', name: content.ownerName },
    foundingDate: String(content.foundingYear),
    address: {
      '@type': 'PostalAddress',
      addressLocality: content.city,
      addressRegion: content.region,
      addressCountry: content.country,
    },
    areaServed: content.city,
    sameAs: content.socialLinks.map((link) => link.url),
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
 * JSON for a <script type="application/ld+json">: '<' is escaped so no value
 * from the content can close the script element early.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}
