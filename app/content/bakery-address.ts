/**
 * The bakery's address (decision 084): one address she fills in once, in
 * Settings › Your site › Address. Its public part (city, region, postal
 * code) is kept with her identity words and may be said anywhere: receipts,
 * the structured data, emails, the "in …" of the pages. The street is
 * private: kept with the booking settings as the pickup address, and given
 * only to a customer whose order is confirmed. This file holds the one way
 * each is written; the browser may load it.
 */

/** The part of her address anyone may read. */
export interface PublicAddress {
  city: string
  /** Province, state or region, as she writes it: BC, Ontario, Auckland. */
  region: string
  postalCode: string
}

/** The whole address, for her own settings and a confirmed customer only. */
export interface BakeryAddress extends PublicAddress {
  /** Private: the street and unit, never on a public page, in the JSON-LD or in a log. */
  street: string
}

export const ADDRESS_LIMITS = {
  /** The pickup address's own bound, from before it was split (availability's PICKUP_WINDOW_LIMITS). */
  street: 300,
  city: 80,
  region: 60,
  postalCode: 12,
} as const

/** 'Vancouver, BC V5K 0A1': the city, then the region and postal code, each only when said. */
export function localityLine({ city, region, postalCode }: PublicAddress): string {
  const regionAndCode = [region, postalCode].map((part) => part.trim()).filter(Boolean)
  return [city.trim(), regionAndCode.join(' ')].filter(Boolean).join(', ')
}

/**
 * Where she bakes, for every "in …" the site writes (Home's "Baking in …",
 * About, Contact, the page copy, the email foot): her own words for it
 * ("Where you bake", a neighbourhood or city) or, left empty, her city and
 * region. Empty when she has said neither: the phrase is then left out.
 */
export function placeNameOf(identity: {
  serviceArea: string
  city: string
  region: string
}): string {
  const area = identity.serviceArea.trim()
  if (area) return area
  return [identity.city.trim(), identity.region.trim()].filter(Boolean).join(', ')
}

/**
 * The address a confirmed customer collects from, on one line: the street,
 * then the city, region and postal code. Empty without a street: a city
 * alone tells her nowhere to go.
 */
export function pickupAddressLine(address: BakeryAddress): string {
  const street = address.street.trim()
  if (!street) return ''
  return [street, localityLine(address)].filter(Boolean).join(', ')
}

/**
 * The country her address is in, as an ISO 3166 code, read from her locale's
 * region (en-CA → CA); null for a locale without one. Nothing else asks it:
 * the locale she chose already says where her customers are.
 */
export function countryOf(locale: string): string | null {
  try {
    return new Intl.Locale(locale).region ?? null
  } catch {
    return null
  }
}

/** The country's name in her locale: Canada, New Zealand. */
export function countryNameOf(country: string, locale: string): string {
  try {
    return new Intl.DisplayNames(locale, { type: 'region' }).of(country) ?? country
  } catch {
    return country
  }
}

/** What the region and postal code are called where she is: Province and Postal code in Canada. */
export function addressLabelsFor(country: string | null): { region: string; postalCode: string } {
  switch (country) {
    case 'CA':
      return { region: 'Province', postalCode: 'Postal code' }
    case 'US':
      return { region: 'State', postalCode: 'ZIP code' }
    case 'AU':
      return { region: 'State or territory', postalCode: 'Postcode' }
    case 'GB':
    case 'NZ':
      return { region: 'Region or county', postalCode: 'Postcode' }
    case 'IE':
      return { region: 'County', postalCode: 'Eircode' }
    default:
      return { region: 'Province, state or region', postalCode: 'Postal code' }
  }
}
