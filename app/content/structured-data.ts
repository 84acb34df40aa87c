import type { SiteContent } from './site.ts'

/** schema.org Bakery description of the business, for search engines' rich results. */
export function bakeryJsonLd(content: SiteContent, siteUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Bakery',
    name: content.brandTitle,
    description: content.pages.home.description,
    url: `${siteUrl}/`,
    logo: `${siteUrl}/images/logo.svg`,
    image: `${siteUrl}/images/og-image.png`,
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
  }
}

/**
 * JSON for a <script type="application/ld+json">: '<' is escaped so no value
 * from the content can close the script element early.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}
