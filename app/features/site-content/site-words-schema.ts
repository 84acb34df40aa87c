import { z } from 'zod'
import { ADDRESS_LIMITS } from '#app/content/bakery-address.ts'
import type { SiteWords, SiteWordsKey } from '#app/content/site-words.ts'
import { isRealDate } from '#app/utils/dates.ts'
import { type TextKind, plainText } from '#app/utils/form-fields.ts'
import { PHONE_NUMBER_INVALID, formatPhoneNumber, phoneDigits } from '#app/utils/phone-number.ts'

/**
 * One schema per section of the owner's words, shared by the "Your site"
 * forms and the server (features/site-content/site-content.server.ts): what
 * a form may post, what the store keeps, and the sentence she reads beside a
 * field when it is refused. Every text is bounded, and follows the one rule
 * for typed text (`plainText`, app/utils/form-fields.ts): bidi controls and,
 * in names, zero-width characters removed, NFC, trimmed, and control
 * characters (line breaks, in a field of one line) refused with a sentence.
 */

export const WORDS_LIMITS = {
  name: 80,
  ownerName: 80,
  tagline: 160,
  titleWord: 24,
  titleWords: 6,
  email: 254,
  phone: 30,
  url: 300,
  handle: 60,
  serviceArea: 80,
  replyTime: 60,
  footerLine: 200,
  homeStory: 600,
  aboutStory: 6000,
  treatsIntro: 600,
  galleryHeading: 80,
  galleryIntro: 300,
  bannerText: 200,
  markdown: 20000,
  alt: 250,
} as const

/** One line of her words (a name, when `kind` is 'name'): bounded, required unless `optional`. */
function text(
  label: string,
  max: number,
  {
    optional = false,
    missing = `Please write the ${label.toLowerCase()}.`,
    kind = 'line' as TextKind,
  } = {},
) {
  return z
    .string()
    .check(
      ...plainText(
        label,
        kind,
        z.maxLength(max, `${label} can be at most ${max} characters.`),
        ...(optional ? [] : [z.minLength(1, missing)]),
      ),
    )
}

/** Line breaks the owner typed, kept as one "\n" each (a browser posts "\r\n"). */
function multiLine(label: string, max: number, { optional = false } = {}) {
  return z.string().check(
    ...plainText(
      label,
      'lines',
      z.overwrite((value) => value.replaceAll('\r\n', '\n')),
      z.maxLength(max, `${label} can be at most ${max} characters.`),
      ...(optional ? [] : [z.minLength(1, `Please write the ${label.toLowerCase()}.`)]),
    ),
  )
}

/** An https:// or http:// address, or nothing. No other scheme (javascript:, data:) is kept. */
function webAddress(label: string) {
  return text(label, WORDS_LIMITS.url, { optional: true }).refine(
    (value) => value === '' || isWebAddress(value),
    `${label} must be a web address starting with https://.`,
  )
}

export function isWebAddress(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false
  try {
    const url = new URL(value)
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.')
  } catch {
    return false
  }
}

const social = (label: string) =>
  z.object({
    url: webAddress(`The ${label} address`),
    handle: text(`The ${label} name`, WORDS_LIMITS.handle, { optional: true }),
  })

/**
 * The public part of her address (decision 084), each optional and one
 * line. A postal code is letters, digits, spaces and a hyphen (V5K 0A1,
 * 94107-1234, D02 X285), kept upper-case with single spaces.
 */
const addressParts = {
  city: text('City', ADDRESS_LIMITS.city, { optional: true }),
  region: text('Region', ADDRESS_LIMITS.region, { optional: true }),
  postalCode: text('Postal code', ADDRESS_LIMITS.postalCode, { optional: true })
    .transform((value) => value.replace(/\s+/g, ' ').toUpperCase())
    .refine(
      (value) => value === '' || /^[\p{L}\p{N}](?:[\p{L}\p{N} -]*[\p{L}\p{N}])?$/u.test(value),
      'Please write the postal code with letters, digits and spaces only, like V5K 0A1.',
    ),
}

/**
 * The Address form (Settings › Your site): the private street, saved as the
 * pickup address (its bound and rule as before), and the public parts,
 * saved with her identity.
 */
export const addressSchema = z.object({
  street: text('Street address', ADDRESS_LIMITS.street, { optional: true }),
  ...addressParts,
})

export const identitySchema = z.object({
  name: text('Bakery name', WORDS_LIMITS.name),
  ownerName: text('Your name', WORDS_LIMITS.ownerName, {
    missing: 'Please write your name: it signs every email.',
    kind: 'name',
  }),
  tagline: text('Tagline', WORDS_LIMITS.tagline),
  titleWords: z
    .array(text('Each title word', WORDS_LIMITS.titleWord))
    .min(1, 'Please write at least one word for the title.')
    .max(WORDS_LIMITS.titleWords, `The title takes at most ${WORDS_LIMITS.titleWords} words.`),
  email: z
    .string()
    .transform((value) => value.trim())
    .pipe(
      z
        .email('Please write an email address like hello@example.com.')
        .max(WORDS_LIMITS.email, 'That email address is too long.'),
    ),
  // The customers' phone rule (utils/phone-number.ts): "(604) 555-0182" is
  // read as written and kept as the site shows every number, 604-555-0182.
  phone: text('Phone', WORDS_LIMITS.phone, { optional: true })
    .refine((value) => value === '' || phoneDigits(value) !== null, PHONE_NUMBER_INVALID)
    .transform((value) => (value === '' ? '' : formatPhoneNumber(phoneDigits(value)!))),
  social: z.object({
    instagram: social('Instagram'),
    tiktok: social('TikTok'),
    facebook: social('Facebook'),
  }),
  serviceArea: text('Service area', WORDS_LIMITS.serviceArea, { optional: true }).refine(
    (value) => !/\d/.test(value),
    'Please give a neighbourhood or city, not a street address.',
  ),
  ...addressParts,
  since: z
    .string()
    .transform((value) => value.trim())
    .refine(
      (value) => value === '' || /^(1[89]|20)\d\d$/.test(value),
      'Please write the year you started as four digits, like 2019, or leave it empty.',
    ),
  replyTime: text('Reply time', WORDS_LIMITS.replyTime),
  footerLine: text('Footer line', WORDS_LIMITS.footerLine, { optional: true }),
})

export const storySchema = z.object({
  homeStory: multiLine('Home story', WORDS_LIMITS.homeStory),
  aboutStory: multiLine('About story', WORDS_LIMITS.aboutStory),
  treatsIntro: multiLine('Treats introduction', WORDS_LIMITS.treatsIntro, { optional: true }),
  galleryHeading: text('Gallery heading', WORDS_LIMITS.galleryHeading),
  galleryIntro: multiLine('Gallery introduction', WORDS_LIMITS.galleryIntro, { optional: true }),
})

export const announcementSchema = z
  .object({
    on: z.boolean(),
    text: text('Banner text', WORDS_LIMITS.bannerText, { optional: true }),
    link: z
      .string()
      .check(
        ...plainText('The link', 'line', z.maxLength(WORDS_LIMITS.url, 'The link is too long.')),
      )
      .refine(
        (value) => value === '' || /^\/(?!\/)[\w\-./?=&%#]*$/.test(value) || isWebAddress(value),
        'The link must be a page of the site (like /ordernow) or start with https://.',
      ),
    endsOn: z
      .string()
      .transform((value) => value.trim())
      .refine(
        (value) => value === '' || isRealDate(value),
        'Please choose the last day as a date, like 2027-01-05.',
      ),
  })
  .refine((value) => !value.on || value.text !== '', {
    message: 'Please write what the banner says, or switch it off.',
    path: ['text'],
  })

export const markdownPageSchema = z.object({
  markdown: multiLine('The page', WORDS_LIMITS.markdown, { optional: true }),
})

/*
 * The checks below read Intl's own lists and formats, which never change
 * while the process runs, and they run on every request: the server checks
 * the stored local settings with `localSchema` each time it reads them. So
 * each list is made once and the last answer for a code kept (decision 063).
 */

/** `work` for one argument, answered again without working when asked the same as last time. */
function rememberLast<T>(work: (code: string) => T): (code: string) => T {
  let last: { code: string; answer: T } | undefined
  return (code) => {
    if (last?.code !== code) last = { code, answer: work(code) }
    return last.answer
  }
}

let timeZones: readonly string[] | undefined
let timeZoneSet: ReadonlySet<string> | undefined
let currencies: ReadonlySet<string> | undefined

/** The time zones Intl knows by their IANA names, and UTC (which Node's list leaves out). */
export function timeZoneNames(): string[] {
  timeZones ??= [...Intl.supportedValuesOf('timeZone'), 'UTC']
  return [...timeZones]
}

function isKnownTimeZone(name: string): boolean {
  timeZoneSet ??= new Set(timeZoneNames())
  return timeZoneSet.has(name)
}

/** Whether Intl knows the code as a currency (its list of ISO 4217 codes). */
function isKnownCurrency(code: string): boolean {
  currencies ??= new Set(Intl.supportedValuesOf('currency'))
  return currencies.has(code)
}

/** How many digits the currency's amounts have after the point: 2 for CAD, 0 for JPY. */
export const minorDigitsOf = rememberLast(
  (currency: string): number =>
    new Intl.NumberFormat(undefined, {
      style: 'currency',
      currency,
    }).resolvedOptions().maximumFractionDigits ?? 2,
)

/** Whether the tag is a BCP 47 locale written canonically (en-NZ, not en_nz) that Intl can write dates in. */
const isCanonicalLocale = rememberLast((tag: string): boolean => {
  try {
    return (
      Intl.getCanonicalLocales(tag)[0] === tag &&
      Intl.DateTimeFormat.supportedLocalesOf(tag).length === 1 &&
      Intl.NumberFormat.supportedLocalesOf(tag).length === 1
    )
  } catch {
    return false
  }
})

export const LOCAL_LIMITS = { timeZone: 64, currency: 3, locale: 35 } as const

/**
 * Time zone, currency and locale (decision 057). The currency's amounts
 * must have cents: every amount is kept in integer cents, so a currency
 * without (or with three) minor digits would be written 100 times off.
 */
export const localSchema = z.object({
  timeZone: z
    .string()
    .transform((value) => value.trim())
    .pipe(z.string().max(LOCAL_LIMITS.timeZone, 'Please choose a time zone from the list.'))
    .refine(
      isKnownTimeZone,
      'Please choose a time zone from the list, written like Pacific/Auckland.',
    ),
  currency: z
    .string()
    .transform((value) => value.trim().toUpperCase())
    .check(
      z.superRefine((value, context) => {
        // One sentence, the first that applies: a later check never sees a code Intl refuses.
        const message = !/^[A-Z]{3}$/.test(value)
          ? 'Please write the currency as its three-letter code, like NZD.'
          : !isKnownCurrency(value)
            ? 'That is not a currency code we know: write its three-letter ISO code, like NZD.'
            : minorDigitsOf(value) !== 2
              ? 'The site keeps amounts in cents, so it takes only a currency with two digits after the point (like NZD or EUR, not JPY).'
              : null
        if (message) context.issues.push({ code: 'custom', input: value, message })
      }),
    ),
  locale: z
    .string()
    .transform((value) => value.trim())
    .pipe(z.string().max(LOCAL_LIMITS.locale, 'Please choose a language and region from the list.'))
    .refine(isCanonicalLocale, 'Please choose a language and region from the list.'),
})

/** Her description of a picture: required, one line, bounded (the gallery's rule, decision 052). */
export const pictureAltSchema = z.string().check(
  // Line breaks and runs of spaces become one space first: a description is one line.
  z.overwrite((value) => value.replace(/\s+/g, ' ')),
  ...plainText(
    'The description',
    'line',
    z.maxLength(WORDS_LIMITS.alt, `The description can be at most ${WORDS_LIMITS.alt} characters.`),
  ),
)

/** A stored file of her picture: only ever under /media/site/, a plain name. */
const pictureVariantSchema = z.object({
  format: z.enum(['avif', 'webp', 'jpeg']),
  width: z.number().int().positive().max(10_000),
  height: z.number().int().positive().max(10_000),
  src: z.string().regex(/^\/media\/site\/[a-z0-9][a-z0-9_.-]*$/i),
})

const sitePictureSchema = z.object({
  alt: pictureAltSchema,
  upload: z
    .object({
      width: z.number().int().positive().max(10_000),
      height: z.number().int().positive().max(10_000),
      variants: z.array(pictureVariantSchema).min(1).max(20),
      uploadedAt: z.string().max(40),
    })
    .nullable(),
})

/** Her hero and About photos say what they show; the logo may leave it to the bakery's name. */
export const picturesSchema = z
  .object({
    hero: sitePictureSchema,
    about: sitePictureSchema,
    logo: sitePictureSchema,
    builtIn: z.enum(['demo', 'plain']),
  })
  .superRefine((value, context) => {
    for (const slot of ['hero', 'about'] as const) {
      if (value[slot].upload !== null && value[slot].alt === '') {
        context.addIssue({ code: 'custom', message: ALT_MISSING, path: [slot, 'alt'] })
      }
    }
  })

export const ALT_MISSING = 'Please describe the photo for people who cannot see it.'

/** The schema of each section, by its key: the store checks every write (and read) with it. */
export const SITE_WORDS_SCHEMAS = {
  identity: identitySchema,
  words: storySchema,
  announcement: announcementSchema,
  faq: markdownPageSchema,
  local: localSchema,
  pictures: picturesSchema,
} as const satisfies { [K in SiteWordsKey]: z.ZodType<SiteWords[K], unknown> }

/** A refused field, by its form name (`social.instagram.url` → `instagram_url` is the form's concern). */
export type FieldErrors = Record<string, string>

/** The first sentence per field of a refusal, keyed by the field's path joined with dots. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {}
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.')
    // An array item's sentence belongs to the whole field.
    const field = path.replace(/\.\d+$/, '')
    errors[field] ??= issue.message
  }
  return errors
}
