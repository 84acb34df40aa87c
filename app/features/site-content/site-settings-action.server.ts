import type { Kysely, Transaction } from 'kysely'
import type { StoryWords } from '#app/content/site-words.ts'
import type { Database } from '#app/db/schema.ts'
import { readAdminForm, NOT_UNDERSTOOD } from '#app/utils/admin-form.server.ts'
import { type RenderedMarkdown, renderMarkdown } from '#app/utils/markdown.server.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import {
  checkSiteSection,
  readSiteSection,
  saveLocalSettings,
  saveSiteSection,
} from './site-content.server.ts'
import {
  FORM_FIELDS,
  POLICIES_MAX,
  type SiteSettingsResult,
  type SiteSettingsSection,
  isSiteSettingsSection,
} from './site-settings-form.ts'
import { type FieldErrors, markdownPageSchema } from './site-words-schema.ts'

type Executor = Kysely<Database> | Transaction<Database>

/** The FAQ's Markdown may be long: its form posts up to this many bytes. */
export const MAX_SITE_FORM_BYTES = 96 * 1024

/** The form's fields, by their names, as the section's shape. */
function sectionInput(section: SiteSettingsSection, form: Record<string, string>): unknown {
  const field = (name: string) => form[name] ?? ''
  switch (section) {
    case 'identity':
      return {
        name: field('name'),
        ownerName: field('owner_name'),
        tagline: field('tagline'),
        titleWords: field('title_words')
          .split('\n')
          .map((word) => word.trim())
          .filter(Boolean),
        email: field('email'),
        phone: field('phone'),
        social: {
          instagram: { url: field('instagram_url'), handle: field('instagram_handle') },
          tiktok: { url: field('tiktok_url'), handle: field('tiktok_handle') },
          facebook: { url: field('facebook_url'), handle: field('facebook_handle') },
        },
        serviceArea: field('service_area'),
        since: field('since'),
        replyTime: field('reply_time'),
        footerLine: field('footer_line'),
      }
    case 'words':
      return {
        homeStory: field('home_story'),
        aboutStory: field('about_story'),
        treatsIntro: field('treats_intro'),
        galleryHeading: field('gallery_heading'),
        galleryIntro: field('gallery_intro'),
      }
    case 'announcement':
      return {
        on: form.on === 'on',
        text: field('text'),
        link: field('link'),
        endsOn: field('ends_on'),
      }
    case 'faq':
    case 'policies':
      return { markdown: field('markdown') }
    case 'local':
      return { timeZone: field('time_zone'), currency: field('currency'), locale: field('locale') }
  }
}

/** The public part of her address as stored with her identity. */
async function storedAddress(db: Executor) {
  const { city, region, postalCode } = await readSiteSection(db, 'identity')
  return { city, region, postalCode }
}

/** The FAQ as /faq will show it; checkSiteSection has refused a text that does not render. */
function previewOf({ markdown }: { markdown: string }): string {
  const rendered = renderMarkdown(markdown)
  return rendered.ok ? rendered.html : ''
}

/** A refusal's sentences under the form's field names (`social.instagram.url` → `instagram_url`). */
function formErrors(section: SiteSettingsSection, errors: FieldErrors): FieldErrors {
  const byPath = Object.fromEntries(
    Object.entries(FORM_FIELDS[section]).map(([name, path]) => [path, name]),
  )
  return Object.fromEntries(
    Object.entries(errors).map(([path, message]) => [byPath[path] ?? path, message]),
  )
}

/**
 * One "Your site" form: check it, and either show a preview (nothing is
 * saved) or publish it. A refusal answers 400 with each field's sentence
 * and what she typed, so the page shows her own words back beside them.
 * Policies are the order policies every send accepts, kept by availability
 * (decision 051): `savePolicies` writes them there. The local settings save
 * through `saveLocalSettings` (decision 057), which asks `moneyRecorded`.
 */
export async function receiveSiteSettingsAction({
  request,
  db,
  savePolicies,
  moneyRecorded,
}: {
  request: Request
  db: Executor
  savePolicies: (policies: RenderedMarkdown) => Promise<void>
  /** Whether any quote or payment is recorded (the order book's): the currency then stays. */
  moneyRecorded: () => Promise<boolean>
}): Promise<Reply<SiteSettingsResult>> {
  const form = await readAdminForm(request, MAX_SITE_FORM_BYTES)
  const section = form?.intent
  if (!form || !isSiteSettingsSection(section)) {
    return reply(400, {
      section: 'identity',
      status: 'refused',
      values: {},
      errors: {},
      error: NOT_UNDERSTOOD,
    })
  }
  const values = Object.fromEntries(
    Object.keys(FORM_FIELDS[section]).map((name) => [name, form[name] ?? '']),
  )
  const preview = form.mode === 'preview'
  // Her address has its own form (address-action.server.ts): the identity's keeps it as stored.
  const input =
    section === 'identity'
      ? { ...(sectionInput(section, form) as object), ...(await storedAddress(db)) }
      : sectionInput(section, form)

  const refused = (errors: FieldErrors) =>
    reply<SiteSettingsResult>(400, {
      section,
      status: 'refused',
      values,
      errors: formErrors(section, errors),
      error: 'Please check the words marked in red; nothing was saved.',
    })

  if (section === 'policies') {
    return receivePolicies({ input, preview, values, refused, savePolicies })
  }
  if (preview) return previewSection({ section, input, values, refused })
  const saved =
    section === 'local'
      ? await saveLocalSettings(db, input, { moneyRecorded })
      : await saveSiteSection(db, section, input)
  if (!saved.ok) return refused(saved.errors)
  return reply(200, { section, status: 'saved', values, errors: {} })
}

/** The order policies: checked and rendered, then previewed or handed to `savePolicies`. */
async function receivePolicies({
  input,
  preview,
  values,
  refused,
  savePolicies,
}: {
  input: unknown
  preview: boolean
  values: Record<string, string>
  refused: (errors: FieldErrors) => Reply<SiteSettingsResult>
  savePolicies: (policies: RenderedMarkdown) => Promise<void>
}): Promise<Reply<SiteSettingsResult>> {
  const section = 'policies'
  const parsed = markdownPageSchema.safeParse(input)
  if (!parsed.success) return refused({ markdown: parsed.error.issues[0]!.message })
  const { markdown } = parsed.data
  if (markdown.length > POLICIES_MAX) {
    return refused({ markdown: `The policies can be at most ${POLICIES_MAX} characters.` })
  }
  const rendered = renderMarkdown(markdown)
  if (!rendered.ok) return refused({ markdown: rendered.error })
  if (preview) {
    return reply(200, {
      section,
      status: 'preview',
      values,
      errors: {},
      previewHtml: rendered.html,
    })
  }
  await savePolicies(rendered)
  return reply(200, { section, status: 'saved', values, errors: {} })
}

/** A section checked and shown back as it would look, nothing saved. */
function previewSection({
  section,
  input,
  values,
  refused,
}: {
  section: Exclude<SiteSettingsSection, 'policies'>
  input: unknown
  values: Record<string, string>
  refused: (errors: FieldErrors) => Reply<SiteSettingsResult>
}): Reply<SiteSettingsResult> {
  const checked = checkSiteSection(section, input)
  if (!checked.ok) return refused(checked.errors)
  return reply(200, {
    section,
    status: 'preview',
    values,
    errors: {},
    ...(section === 'faq' ? { previewHtml: previewOf(checked.value as { markdown: string }) } : {}),
    ...(section === 'words' ? { previewWords: checked.value as StoryWords } : {}),
  })
}
