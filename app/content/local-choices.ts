/**
 * What Settings › Your site › Local settings offers first (decision 057):
 * the languages-and-regions and currencies a bakery most likely uses. She
 * may type any other the site accepts (site-words-schema.ts checks it).
 * Like site.ts, this is data the owner chooses from, not a setting the code
 * applies: the code applies only what she saved (utils/local-settings.ts).
 */

export const LOCALE_CHOICES: readonly { tag: string; label: string }[] = [
  { tag: 'en-CA', label: 'English (Canada)' },
  { tag: 'en-US', label: 'English (United States)' },
  { tag: 'en-GB', label: 'English (United Kingdom)' },
  { tag: 'en-AU', label: 'English (Australia)' },
  { tag: 'en-NZ', label: 'English (New Zealand)' },
  { tag: 'en-IE', label: 'English (Ireland)' },
  { tag: 'fr-CA', label: 'French (Canada)' },
]

export const CURRENCY_CHOICES: readonly { code: string; label: string }[] = [
  { code: 'CAD', label: 'Canadian dollar' },
  { code: 'USD', label: 'US dollar' },
  { code: 'GBP', label: 'Pound sterling' },
  { code: 'EUR', label: 'Euro' },
  { code: 'AUD', label: 'Australian dollar' },
  { code: 'NZD', label: 'New Zealand dollar' },
]
