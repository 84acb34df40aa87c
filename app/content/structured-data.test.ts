import { expect, test } from 'vitest'
import { SEED_WORDS } from './site-words.ts'
import { sitemapXml } from './sitemap.ts'
import { bakeryJsonLd, serializeJsonLd } from './structured-data.ts'

const PICTURES = {
  logo: 'https://bakery.example/images/logo.svg',
  image: 'https://bakery.example/images/og-image.png',
}

test('the Bakery JSON-LD names the business, its email, city, founding year and profiles', () => {
  const identity = SEED_WORDS.identity
  const data = bakeryJsonLd({ identity, siteUrl: 'https://bakery.example', pictures: PICTURES })
  expect(data).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'Bakery',
    name: identity.name,
    email: identity.email,
    foundingDate: '2020',
    url: 'https://bakery.example/',
    logo: PICTURES.logo,
    address: { '@type': 'PostalAddress', addressLocality: 'Toronto' },
    areaServed: 'Toronto',
  })
  expect(data.description).toBe('Butter & Bloom Bakery is a home bakery in Toronto since 2020.')
  expect(data.sameAs).toEqual([
    identity.social.instagram.url,
    identity.social.tiktok.url,
    identity.social.facebook.url,
  ])
})

test('what she has not said is left out of the JSON-LD, not guessed', () => {
  const identity = {
    ...SEED_WORDS.identity,
    name: 'Crumb & Co',
    serviceArea: '',
    city: '',
    region: '',
    postalCode: '',
    since: '',
    social: {
      instagram: { url: '', handle: '' },
      tiktok: { url: '', handle: '' },
      facebook: { url: '', handle: '' },
    },
  }
  const data = bakeryJsonLd({
    identity,
    siteUrl: 'https://bakery.example',
    pictures: { logo: null, image: 'https://bakery.example/images/og-card.png' },
  })
  expect(data.description).toBe('Crumb & Co is a home bakery.')
  for (const key of ['logo', 'foundingDate', 'address', 'areaServed', 'sameAs']) {
    expect(data).not.toHaveProperty(key)
  }
  expect(data.image).toBe('https://bakery.example/images/og-card.png')
})

test('JSON-LD serialisation cannot close its script element', () => {
  const json = serializeJsonLd({ name: '</script><script>alert(1)</script>' })
  expect(json).not.toContain('</script>')
  expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script>' })
})

test('the sitemap lists the seven public pages, then the drops and each drop to come, on the public origin', () => {
  const xml = sitemapXml('https://bakery.example', ['saturday-bake-2026-12-05'])
  const locations = [...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((match) => match[1])
  expect(locations).toEqual([
    'https://bakery.example/',
    'https://bakery.example/about',
    'https://bakery.example/ordernow',
    'https://bakery.example/gallery',
    'https://bakery.example/contact',
    'https://bakery.example/faq',
    'https://bakery.example/policies',
    'https://bakery.example/drops',
    'https://bakery.example/drops/saturday-bake-2026-12-05',
  ])
})

test('the menu is listed as offers, with a "from" price only where one is set', () => {
  const menu = [
    { name: 'Cakes', description: 'Layered sponges.', priceFromCents: 4500 },
    { name: 'Cake Pops', description: '', priceFromCents: null },
  ]
  const data = bakeryJsonLd({
    identity: SEED_WORDS.identity,
    siteUrl: 'https://bakery.example',
    menu,
    pictures: PICTURES,
  })
  expect(data.description).toBe(
    'Butter & Bloom Bakery is a home bakery in Toronto making cakes and cake pops since 2020.',
  )
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
  expect(
    bakeryJsonLd({
      identity: SEED_WORDS.identity,
      siteUrl: 'https://bakery.example',
      pictures: PICTURES,
    }),
  ).not.toHaveProperty('hasOfferCatalog')
})

test('her address is a PostalAddress of city, region, postal code and country, never her street', () => {
  const identity = {
    ...SEED_WORDS.identity,
    serviceArea: '',
    city: 'Vancouver',
    region: 'BC',
    postalCode: 'V5K 0A1',
  }
  const data = bakeryJsonLd({ identity, siteUrl: 'https://bakery.example', pictures: PICTURES })
  expect(data.address).toEqual({
    '@type': 'PostalAddress',
    addressLocality: 'Vancouver',
    addressRegion: 'BC',
    postalCode: 'V5K 0A1',
    addressCountry: 'CA',
  })
  expect(data.areaServed).toBe('Vancouver, BC')
  expect(data.description).toBe(
    'Butter & Bloom Bakery is a home bakery in Vancouver, BC since 2020.',
  )
  expect(JSON.stringify(data)).not.toMatch(/streetAddress|"ON"/)
})
