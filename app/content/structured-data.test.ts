import { expect, test } from 'vitest'
import { site } from './site.ts'
import { sitemapXml } from './sitemap.ts'
import { bakeryJsonLd, serializeJsonLd } from './structured-data.ts'

test('the Bakery JSON-LD names the business, its email, city, founding year and profiles', () => {
  const data = bakeryJsonLd(site, 'https://bakery.example')
  expect(data).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'Bakery',
    name: site.brandTitle,
    email: site.email,
    foundingDate: '2020',
    url: 'https://bakery.example/',
    address: { '@type': 'PostalAddress', addressLocality: 'Toronto' },
  })
  expect(data.sameAs).toEqual(site.socialLinks.map((link) => link.url))
})

test('JSON-LD serialisation cannot close its script element', () => {
  const json = serializeJsonLd({ name: '</script><script>alert(1)</script>' })
  expect(json).not.toContain('</script>')
  expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script>' })
})

test('the sitemap lists the seven public pages on the public origin', () => {
  const xml = sitemapXml('https://bakery.example')
  const locations = [...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((match) => match[1])
  expect(locations).toEqual([
    'https://bakery.example/',
    'https://bakery.example/about',
    'https://bakery.example/ordernow',
    'https://bakery.example/gallery',
    'https://bakery.example/contact',
    'https://bakery.example/faq',
    'https://bakery.example/policies',
  ])
})

test('the menu is listed as offers, with a "from" price only where one is set', () => {
  const data = bakeryJsonLd(site, 'https://bakery.example', [
    { name: 'Cakes', description: 'Layered sponges.', priceFromCents: 4500 },
    { name: 'Cake Pops', description: '', priceFromCents: null },
  ])
  expect(data.hasOfferCatalog?.itemListElement).toEqual([
    {
      '@type': 'Offer',
      itemOffered: { '@type': 'Product', name: 'Cakes', description: 'Layered sponges.' },
      url: 'https://bakery.example/ordernow',
      priceSpecification: {
        '@type': 'PriceSpecification',
        minPrice: '45.00',
        priceCurrency: 'CAD',
      },
    },
    {
      '@type': 'Offer',
      itemOffered: { '@type': 'Product', name: 'Cake Pops', description: '' },
      url: 'https://bakery.example/ordernow',
    },
  ])
  expect(bakeryJsonLd(site, 'https://bakery.example', [])).not.toHaveProperty('hasOfferCatalog')
})
