import { localSettings } from '#app/utils/local-settings.ts'
import type { SiteContent } from './site.ts'

/** A treat on the menu as the structured data lists it. */
export interface MenuItemData {
  name: string
  description: string
  priceFromCents: number | null
}

/**
 * schema.org Bakery description of the business, for search engines' rich
 * results, with the menu's active treats (read from the database).
 */
export function bakeryJsonLd(
  content: SiteContent,
  siteUrl: string,
  menu: MenuItemData[] = [],
  /** Her logo and photo (absolute addresses), when she has uploaded them. */
  pictures: { logo?: string; image?: string } = {},
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
  }
}

/**
 * JSON for a <script type="application/ld+json">: '<' is escaped so no value
 * from the content can close the script element early.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}
