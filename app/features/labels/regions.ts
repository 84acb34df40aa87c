/**
 * What a home baker's label must say, region by region: the statement the
 * law words, the fields it asks for, the languages it is written in, and a
 * cap on yearly sales where there is one, each with where it is written.
 * Adding a region is adding a row. The rules are read as of the date below;
 * the owner's guide asks her to check hers with her health unit.
 * Pure; the browser may load it.
 */

export type Language = 'en' | 'fr'

export interface Region {
  name: string
  country: 'CA' | 'US'
  /** The label's languages, the first the main one: Quebec's labels are in French first. */
  languages: readonly Language[]
  /** The statement the law words, in each of the label's languages; none where it asks none. */
  statement: Partial<Record<Language, string>> | null
  /** The statement's smallest type size, in points, where the law sets one. */
  statementPoints: number | null
  /** Her registration or permit number must be printed. */
  permit: 'required' | 'instead of the address' | 'no'
  /** The production date must be printed (we always print it; this says whether the law asks). */
  madeOnRequired: boolean
  /** Whose list of priority allergens a "Contains" line names. */
  allergenList: 'CA' | 'US'
  /** The most she may sell in a calendar year, in cents of the law's currency; null for none. */
  yearlySalesCap: { cents: number; currency: string } | null
  /** Where each rule above is written. */
  sources: readonly string[]
}

/** The date the rows were last checked against their sources. */
export const REGIONS_CHECKED_ON = '2026-11-30'

export const REGIONS = {
  ON: {
    name: 'Ontario',
    country: 'CA',
    // Federal rules ask for English and French, but foods sold only near
    // where they are made may be labelled in one; her health unit says.
    languages: ['en'],
    statement: null,
    statementPoints: null,
    permit: 'no',
    madeOnRequired: false,
    allergenList: 'CA',
    yearlySalesCap: null,
    sources: [
      'https://eohu.ca/en/my-community/home-based-food-premises',
      'https://inspection.canada.ca/food-label-requirements/labelling/industry/bilingual-food-labelling/eng/1328121549968/1328121616816?chap=2',
    ],
  },

  BC: {
    name: 'British Columbia',
    country: 'CA',
    languages: ['en'],
    // Home-prepared foods fall under each health authority's guidelines;
    // none words a statement of its own.
    statement: null,
    statementPoints: null,
    permit: 'no',
    madeOnRequired: false,
    allergenList: 'CA',
    yearlySalesCap: null,
    sources: [
      'https://www.northernhealth.ca/services/environmental-health/food/temporary-food-permits-and-markets',
      'https://inspection.canada.ca/food-label-requirements/labelling/industry/bilingual-food-labelling/eng/1328121549968/1328121616816?chap=2',
    ],
  },

  AB: {
    name: 'Alberta',
    country: 'CA',
    languages: ['en'],
    // The Food Regulation asks for a label on low-risk home-prepared food;
    // the operators' fact sheet words it, and she prints that wording in
    // her own lines until it is written here.
    statement: null,
    statementPoints: null,
    permit: 'no',
    madeOnRequired: false,
    allergenList: 'CA',
    yearlySalesCap: null,
    sources: [
      'https://www.alberta.ca/low-risk-home-prepared-foods.aspx',
      'https://inspection.canada.ca/food-label-requirements/labelling/industry/bilingual-food-labelling/eng/1328121549968/1328121616816?chap=2',
    ],
  },

  QC: {
    name: 'Quebec',
    country: 'CA',
    // Every inscription in French, another language beside it no more
    // prominent (Charter of the French language, s. 51); no statement.
    languages: ['fr', 'en'],
    statement: null,
    statementPoints: null,
    permit: 'no',
    madeOnRequired: false,
    allergenList: 'CA',
    // Not money: a home kitchen may make at most 100 kg a month (P-29, r. 1, s. 1.4.4).
    yearlySalesCap: null,
    sources: [
      'http://www.oqlf.gouv.qc.ca/francisation/consommateurs/inscr_produits.html',
      'http://legisquebec.gouv.qc.ca/en/showversion/cr/P-29,%20r.%201?code=se:3_3_3&pointInTime=20191128',
      'https://legisquebec.gouv.qc.ca/en/version/cr/P-29,%20r.%201%20?code=se%3A1_4_4&history=20241121',
    ],
  },

  CA: {
    name: 'California',
    country: 'US',
    languages: ['en'],
    statement: { en: 'Made in a Home Kitchen' },
    statementPoints: 12,
    // Her registration (Class A) or permit (Class B) number and the county that issued it.
    permit: 'required',
    madeOnRequired: false,
    allergenList: 'US',
    // $75,000 (Class A) or $150,000 (Class B) in 2022, raised each year by
    // the California CPI: she writes this year's figure for her class.
    yearlySalesCap: null,
    sources: [
      'https://leginfo.legislature.ca.gov/faces/codes_displaySection.xhtml?lawCode=HSC&sectionNum=114365.2',
      'https://leginfo.legislature.ca.gov/faces/codes_displaySection.xhtml?lawCode=HSC&sectionNum=113758',
      'https://www.placer.ca.gov/Faq.aspx?QID=1159',
    ],
  },

  TX: {
    name: 'Texas',
    country: 'US',
    languages: ['en'],
    statement: {
      en: 'THIS PRODUCT WAS PRODUCED IN A PRIVATE RESIDENCE THAT IS NOT SUBJECT TO GOVERNMENTAL LICENSING OR INSPECTION.',
    },
    statementPoints: null,
    // With the number the Department gave her, her address may be left off.
    permit: 'instead of the address',
    madeOnRequired: false,
    allergenList: 'US',
    // From September 1, 2025 (SB 541).
    yearlySalesCap: { cents: 150_000_00, currency: 'USD' },
    sources: [
      'https://codes.findlaw.com/tx/health-and-safety-code/health-safety-sect-437-0193/',
      'https://www.dshs.texas.gov/foodestablishments/cottagefood/default.aspx',
      'https://capitol.texas.gov/tlodocs/89R/analysis/html/SB00541F.htm',
    ],
  },

  NY: {
    name: 'New York',
    country: 'US',
    languages: ['en'],
    // Not required: the Department recommends it, at 1/16 inch or larger.
    statement: { en: 'Made in a Home Kitchen' },
    statementPoints: null,
    permit: 'no',
    madeOnRequired: false,
    allergenList: 'US',
    yearlySalesCap: null,
    sources: ['https://agriculture.ny.gov/food-safety/home-processing'],
  },
  FL: {
    name: 'Florida',
    country: 'US',
    languages: ['en'],
    statement: {
      en: 'Made in a cottage food operation that is not subject to Florida’s food safety regulations.',
    },
    statementPoints: 10,
    permit: 'no',
    madeOnRequired: false,
    allergenList: 'US',
    // Since July 1, 2021 (HB 663), not indexed.
    yearlySalesCap: { cents: 250_000_00, currency: 'USD' },
    sources: [
      'https://www.fdacs.gov/Business-Services/Food/Food-Establishments/Cottage-Foods',
      'https://flsenate.gov/Committees/billsummaries/2021/html/2460',
    ],
  },
} as const satisfies Record<string, Region>

export type RegionCode = keyof typeof REGIONS

export const REGION_CODES = Object.keys(REGIONS) as RegionCode[]

export function isRegionCode(value: string): value is RegionCode {
  return Object.hasOwn(REGIONS, value)
}

export function regionOf(code: string): Region | null {
  return isRegionCode(code) ? REGIONS[code] : null
}
