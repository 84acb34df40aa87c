import { type CardAnswerWords, answerFor } from '#app/components/card-answer.ts'
import type { SiteWordsKey, StoryWords } from '#app/content/site-words.ts'

/** The forms of Settings › Your site, each posted with its own intent. */
export const SITE_SETTINGS_SECTIONS = [
  'identity',
  'words',
  'announcement',
  'faq',
  'policies',
  'local',
] as const satisfies readonly (SiteWordsKey | 'policies')[]

export type SiteSettingsSection = (typeof SITE_SETTINGS_SECTIONS)[number]

/**
 * Every group of the page: the sections above, the pictures (a form with a
 * file, per slot) and her address (its street is kept with the booking
 * settings, the rest with her identity: address-action.server.ts).
 */
export type SiteSettingsGroup = SiteSettingsSection | 'pictures' | 'address'

/** The Address form's fields and the path in its shape each sentence comes back under. */
export const ADDRESS_FORM_FIELDS: Record<string, string> = {
  street: 'street',
  city: 'city',
  region: 'region',
  postal_code: 'postalCode',
}

export function isSiteSettingsSection(value: unknown): value is SiteSettingsSection {
  return SITE_SETTINGS_SECTIONS.includes(value as SiteSettingsSection)
}

/** The order policies' bound: booking_settings keeps them (availability's LIMITS.policies). */
export const POLICIES_MAX = 4000

/** Each form's field names and the path in the section's shape their sentence comes back under. */
export const FORM_FIELDS: Record<SiteSettingsSection, Record<string, string>> = {
  identity: {
    name: 'name',
    owner_name: 'ownerName',
    tagline: 'tagline',
    title_words: 'titleWords',
    email: 'email',
    phone: 'phone',
    instagram_url: 'social.instagram.url',
    instagram_handle: 'social.instagram.handle',
    tiktok_url: 'social.tiktok.url',
    tiktok_handle: 'social.tiktok.handle',
    facebook_url: 'social.facebook.url',
    facebook_handle: 'social.facebook.handle',
    service_area: 'serviceArea',
    since: 'since',
    reply_time: 'replyTime',
    footer_line: 'footerLine',
  },
  words: {
    home_story: 'homeStory',
    about_story: 'aboutStory',
    treats_intro: 'treatsIntro',
    gallery_heading: 'galleryHeading',
    gallery_intro: 'galleryIntro',
  },
  announcement: { on: 'on', text: 'text', link: 'link', ends_on: 'endsOn' },
  faq: { markdown: 'markdown' },
  policies: { markdown: 'markdown' },
  local: { time_zone: 'timeZone', currency: 'currency', locale: 'locale' },
}

/** What a "Your site" form answered: saved, a preview to look at, or refused with sentences. */
export interface SiteSettingsResult {
  section: SiteSettingsGroup
  status: 'saved' | 'preview' | 'refused'
  /** What she posted, by field name, shown back on a preview or a refusal. */
  values: Record<string, string>
  /** A sentence per refused field, by field name. */
  errors: Record<string, string>
  error?: string
  /** The FAQ's or the policies' preview, sanitised on the server. */
  previewHtml?: string
  /** The stories' preview. */
  previewWords?: StoryWords
}

/** The page's action data when it answered this group's form (decision 083). */
export function siteAnswerFor(posted: unknown, group: SiteSettingsGroup) {
  return answerFor<SiteSettingsResult>(posted, { intents: [group], by: 'section' })
}

/** What a group's answer says, beside its buttons. */
export function siteAnswerWords(
  result: SiteSettingsResult | undefined,
): CardAnswerWords | undefined {
  if (result?.status === 'saved') return { ok: true, message: 'Saved. The site shows it now.' }
  if (result?.status === 'preview') {
    return { ok: true, message: 'Preview below. Nothing is published until you press Publish.' }
  }
  if (result?.status === 'refused')
    return { ok: false, error: result.error ?? 'Nothing was saved.' }
  return undefined
}
