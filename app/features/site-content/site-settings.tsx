import type { ReactNode } from 'react'
import { Form, useNavigation } from 'react-router'
import { FormField } from '#app/components/form-field.tsx'
import { CardAnswer, cardAction } from '#app/components/settings-card.tsx'
import type { BakeryAddress } from '#app/content/bakery-address.ts'
import { LOCALE_CHOICES } from '#app/content/local-choices.ts'
import { SOCIAL_NETWORKS, type SiteWords, paragraphsOf } from '#app/content/site-words.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { formatMoney } from '#app/utils/money.ts'
import { PHONE_NUMBER_HINT } from '#app/utils/phone-number.ts'
import { AddressGroup } from './address-settings.tsx'
import { CurrencyField, TimeZoneField } from './local-fields.tsx'
import { PicturesGroup } from './site-pictures-settings.tsx'
import {
  POLICIES_MAX,
  type SiteSettingsGroup,
  type SiteSettingsResult,
  type SiteSettingsSection,
  siteAnswerFor,
  siteAnswerWords,
} from './site-settings-form.ts'
import { WORDS_LIMITS } from './site-words-schema.ts'

export const SITE_SETTINGS_GROUPS: [SiteSettingsGroup, string][] = [
  ['identity', 'Identity'],
  ['address', 'Address'],
  ['pictures', 'Pictures'],
  ['words', 'Words'],
  ['announcement', 'Announcement'],
  ['faq', 'FAQ'],
  ['policies', 'Policies'],
  ['local', 'Local settings'],
]

interface GroupProps {
  words: SiteWords
  policies: string
  /**
   * The terms every order follows, written from her rules in Settings ›
   * Payments: they open the policies, before her words (decision 079).
   */
  orderTerms: readonly { title: string; text: string }[]
  /** Whether a quote or payment is recorded: the currency then stays (decision 057). */
  moneyRecorded: boolean
  /** The time zones the server accepts, for the time zone field's suggestions. */
  timeZones: readonly string[]
  /**
   * The bakery's date now, YYYY-MM-DD, as the server's clock and time-zone data
   * make it: the browser's may differ (see writeBakeryMoment).
   */
  today: string
  /** Her whole address, the private street too: this page is hers alone (decision 084). */
  address: BakeryAddress
  /** Her locale's country and its name, or null when her locale names none. */
  country: { code: string; name: string } | null
  /** The page's action data, whichever group it answered. */
  posted: unknown
}

/**
 * Settings › Your site: one form per group, each saved on its own. Plain
 * forms, so each works before (or without) JavaScript: the server answers
 * with the page, the group's answer beside its buttons, what she typed kept
 * on a refusal and a preview under the form.
 */
export function SiteSettings(props: GroupProps) {
  return (
    <div className="mt-8 grid gap-8">
      <IdentityGroup {...props} />
      <AddressGroup address={props.address} country={props.country} posted={props.posted} />
      <PicturesGroup pictures={props.words.pictures} posted={props.posted} />
      <WordsGroup {...props} />
      <AnnouncementGroup {...props} />
      <MarkdownGroup {...props} section="faq" />
      <MarkdownGroup {...props} section="policies" />
      <LocalGroup {...props} />
    </div>
  )
}

function Group({
  section,
  title,
  intro,
  result,
  children,
  preview,
  buttons,
}: {
  section: SiteSettingsSection
  title: string
  intro: ReactNode
  result: SiteSettingsResult | undefined
  children: ReactNode
  preview?: ReactNode
  buttons: ReactNode
}) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === section
  const id = `site-${section}`
  return (
    <section aria-labelledby={`${id}-heading`} id={id} className="card scroll-mt-24 p-5 sm:p-6">
      <h2 id={`${id}-heading`} className="font-display text-2xl font-bold">
        {title}
      </h2>
      <p className="mt-2">{intro}</p>
      {/* The page comes back at this group's answer, beside the button she pressed. */}
      <Form method="post" action={cardAction(id)} className="mt-4 grid gap-4">
        <input type="hidden" name="intent" value={section} />
        {children}
        <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
          {buttons}
          <CardAnswer cardId={id} answer={siteAnswerWords(result)} busy={busy} busyText="Saving…" />
        </div>
      </Form>
      {result?.status === 'preview' && preview ? (
        <section
          aria-labelledby={`${id}-preview-heading`}
          className="site-preview mt-6 rounded-2xl border-2 border-dashed border-chocolate/30 bg-cream p-4 sm:p-6"
        >
          <h3 id={`${id}-preview-heading`} className="eyebrow">
            Preview, not published yet
          </h3>
          <div className="mt-3">{preview}</div>
        </section>
      ) : null}
    </section>
  )
}

function SaveButton({ label }: { label: string }) {
  return (
    <button type="submit" name="mode" value="publish" className="button-primary">
      {label}
    </button>
  )
}

function PreviewPublish() {
  return (
    <>
      <button type="submit" name="mode" value="preview" className="button-secondary">
        Preview
      </button>
      <button type="submit" name="mode" value="publish" className="button-primary">
        Publish
      </button>
    </>
  )
}

/** What the field shows: her last post when it was refused or previewed, else what is stored. */
function shown(result: SiteSettingsResult | undefined, name: string, stored: string): string {
  return result && result.status !== 'saved' ? (result.values[name] ?? stored) : stored
}

/** One text field of a group: its form name, its words, its bound and where its stored value is. */
export interface FieldSpec {
  name: string
  label: string
  max: number
  /** What the store holds for it now. */
  stored: (words: SiteWords, policies: string) => string
  hint?: string
  optional?: boolean
  type?: 'text' | 'email' | 'tel' | 'url'
  inputMode?: 'numeric'
  /** A textarea this many rows high. */
  rows?: number
  autoComplete?: string
  /** For the control's id when two groups post the same name. */
  idName?: string
}

function TextField({
  result,
  field,
  words,
  policies,
}: {
  result: SiteSettingsResult | undefined
  field: FieldSpec
  words: SiteWords
  policies: string
}) {
  const { name, label, max, hint, optional, type = 'text', rows, autoComplete, inputMode } = field
  const value = shown(result, name, field.stored(words, policies))
  return (
    <FormField
      name={`site-${field.idName ?? name}`}
      label={label}
      hint={hint}
      optional={optional}
      error={result?.errors[name]}
    >
      {(props) =>
        rows ? (
          <textarea
            {...props}
            name={name}
            rows={rows}
            maxLength={max}
            required={!optional}
            defaultValue={value}
          />
        ) : (
          <input
            {...props}
            name={name}
            type={type}
            maxLength={max}
            required={!optional}
            autoComplete={autoComplete}
            inputMode={inputMode}
            defaultValue={value}
          />
        )
      }
    </FormField>
  )
}

/** A group's fields, in order: a new field is one line in its list. */
function Fields({
  fields,
  result,
  words,
  policies,
}: {
  fields: readonly FieldSpec[]
  result: SiteSettingsResult | undefined
  words: SiteWords
  policies: string
}) {
  return fields.map((field) => (
    <TextField key={field.name} field={field} result={result} words={words} policies={policies} />
  ))
}

export const IDENTITY_FIELDS: readonly FieldSpec[] = [
  { name: 'name', label: 'Bakery name', max: WORDS_LIMITS.name, stored: (w) => w.identity.name },
  {
    name: 'owner_name',
    label: 'Your name',
    hint: 'Signs every email and the receipts; the first word says who replies to customers.',
    autoComplete: 'name',
    max: WORDS_LIMITS.ownerName,
    stored: (w) => w.identity.ownerName,
  },
  {
    name: 'tagline',
    label: 'Tagline',
    max: WORDS_LIMITS.tagline,
    stored: (w) => w.identity.tagline,
  },
  {
    name: 'title_words',
    label: 'Words around the home title',
    hint: 'One per line, up to six; they turn around the title on the home page.',
    max: WORDS_LIMITS.titleWords * (WORDS_LIMITS.titleWord + 1),
    rows: 3,
    stored: (w) => w.identity.titleWords.join('\n'),
  },
  {
    name: 'service_area',
    label: 'Where you bake',
    hint: 'A neighbourhood or city, never your street: it is public. Empty says the city of your address below, or leaves out every “in …”.',
    optional: true,
    max: WORDS_LIMITS.serviceArea,
    stored: (w) => w.identity.serviceArea,
  },
  {
    name: 'since',
    label: 'Baking since (year)',
    hint: 'Shown as “since 2019” on Home and About. Empty leaves it out.',
    optional: true,
    inputMode: 'numeric',
    max: 4,
    stored: (w) => w.identity.since,
  },
  {
    name: 'email',
    label: 'Contact email',
    type: 'email',
    autoComplete: 'email',
    max: WORDS_LIMITS.email,
    stored: (w) => w.identity.email,
  },
  {
    name: 'phone',
    label: 'Phone',
    type: 'tel',
    autoComplete: 'tel',
    hint: PHONE_NUMBER_HINT,
    optional: true,
    max: WORDS_LIMITS.phone,
    stored: (w) => w.identity.phone,
  },
  {
    name: 'reply_time',
    label: 'How soon you reply',
    hint: 'Finishes “We reply …”, e.g. within 2 days. Used on every page and email that promises a reply.',
    max: WORDS_LIMITS.replyTime,
    stored: (w) => w.identity.replyTime,
  },
  {
    name: 'footer_line',
    label: 'Footer line',
    optional: true,
    max: WORDS_LIMITS.footerLine,
    stored: (w) => w.identity.footerLine,
  },
]

/** Each network's address and name, side by side. */
export const SOCIAL_FIELDS: readonly FieldSpec[] = SOCIAL_NETWORKS.flatMap(
  ({ network, label }): FieldSpec[] => [
    {
      name: `${network}_url`,
      label: `${label} address`,
      type: 'url',
      optional: true,
      max: WORDS_LIMITS.url,
      stored: (w) => w.identity.social[network].url,
    },
    {
      name: `${network}_handle`,
      label: `${label} name`,
      optional: true,
      max: WORDS_LIMITS.handle,
      stored: (w) => w.identity.social[network].handle,
    },
  ],
)

export const WORDS_FIELDS: readonly FieldSpec[] = [
  {
    name: 'home_story',
    label: 'Home page story',
    hint: 'A sentence or two; the home page links to About for the rest.',
    max: WORDS_LIMITS.homeStory,
    rows: 4,
    stored: (w) => w.words.homeStory,
  },
  {
    name: 'about_story',
    label: 'About story',
    hint: 'A blank line starts a new paragraph.',
    max: WORDS_LIMITS.aboutStory,
    rows: 10,
    stored: (w) => w.words.aboutStory,
  },
  {
    name: 'treats_intro',
    label: 'Under your treats',
    optional: true,
    max: WORDS_LIMITS.treatsIntro,
    rows: 3,
    stored: (w) => w.words.treatsIntro,
  },
  {
    name: 'gallery_heading',
    label: 'Gallery heading',
    max: WORDS_LIMITS.galleryHeading,
    stored: (w) => w.words.galleryHeading,
  },
  {
    name: 'gallery_intro',
    label: 'Under the gallery’s heading',
    optional: true,
    max: WORDS_LIMITS.galleryIntro,
    rows: 2,
    stored: (w) => w.words.galleryIntro,
  },
]

const BANNER_TEXT: FieldSpec = {
  name: 'text',
  label: 'What it says',
  optional: true,
  max: WORDS_LIMITS.bannerText,
  stored: (w) => w.announcement.text,
}

const BANNER_LINK: FieldSpec = {
  name: 'link',
  label: 'Link',
  hint: 'A page of the site, like /ordernow, or an https:// address.',
  optional: true,
  max: WORDS_LIMITS.url,
  stored: (w) => w.announcement.link,
}

const MARKDOWN_HINT =
  'Markdown: ## for a heading, - for a list, **bold**, [words](https://…) for a link. Anything else is left out.'

const MARKDOWN_FIELDS: Record<'faq' | 'policies', FieldSpec> = {
  faq: {
    name: 'markdown',
    idName: 'faq-markdown',
    label: 'Questions and answers',
    hint: MARKDOWN_HINT,
    optional: true,
    max: WORDS_LIMITS.markdown,
    rows: 14,
    stored: (w) => w.faq.markdown,
  },
  policies: {
    name: 'markdown',
    idName: 'policies-markdown',
    label: 'Order policies',
    hint: MARKDOWN_HINT,
    optional: true,
    max: POLICIES_MAX,
    rows: 14,
    stored: (_w, policies) => policies,
  },
}

function IdentityGroup({ words, policies, posted }: GroupProps) {
  const result = siteAnswerFor(posted, 'identity')
  const shared = { result, words, policies }
  return (
    <Group
      section="identity"
      title="Identity"
      intro="Your bakery’s name and how customers reach you, on every page."
      result={result}
      buttons={<SaveButton label="Save identity" />}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Fields fields={IDENTITY_FIELDS} {...shared} />
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="form-label">
          Social links (each optional; leave the address empty to hide it)
        </legend>
        <Fields fields={SOCIAL_FIELDS} {...shared} />
      </fieldset>
    </Group>
  )
}

function WordsGroup({ words, policies, posted }: GroupProps) {
  const result = siteAnswerFor(posted, 'words')
  const preview = result?.previewWords
  return (
    <Group
      section="words"
      title="Words"
      intro="Your story on the home page and on About, the line under your treats, and the gallery’s heading and introduction."
      result={result}
      buttons={<PreviewPublish />}
      preview={
        preview ? (
          <div className="grid gap-5">
            <div>
              <p className="form-label">Home page: Our Story</p>
              <p className="lede mt-1">{preview.homeStory}</p>
            </div>
            <div>
              <p className="form-label">About</p>
              <div className="mt-1 space-y-3">
                {paragraphsOf(preview.aboutStory).map((paragraph, index) => (
                  <p key={index}>{paragraph}</p>
                ))}
              </div>
            </div>
            {preview.treatsIntro ? (
              <div>
                <p className="form-label">Under your treats</p>
                <p className="mt-1">{preview.treatsIntro}</p>
              </div>
            ) : null}
            <div>
              <p className="form-label">Gallery</p>
              <p className="mt-1 font-display text-2xl">{preview.galleryHeading}</p>
              {preview.galleryIntro ? <p className="mt-1">{preview.galleryIntro}</p> : null}
            </div>
          </div>
        ) : null
      }
    >
      <Fields fields={WORDS_FIELDS} result={result} words={words} policies={policies} />
    </Group>
  )
}

function AnnouncementGroup({ words, policies, posted }: GroupProps) {
  const result = siteAnswerFor(posted, 'announcement')
  const announcement = words.announcement
  const on = result && result.status !== 'saved' ? result.values.on === 'on' : announcement.on
  return (
    <Group
      section="announcement"
      title="Announcement"
      intro="A line across the top of every page, e.g. “Closed for the holidays until January 5”."
      result={result}
      buttons={<SaveButton label="Save announcement" />}
    >
      <label className="tick-label" htmlFor="site-announcement-on">
        <input id="site-announcement-on" type="checkbox" name="on" value="on" defaultChecked={on} />
        <span>Show the announcement</span>
      </label>
      <TextField field={BANNER_TEXT} result={result} words={words} policies={policies} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={BANNER_LINK} result={result} words={words} policies={policies} />
        <FormField
          name="site-ends_on"
          label="Last day it shows"
          hint="It disappears by itself the day after. Leave empty to keep it up."
          optional
          error={result?.errors.ends_on}
        >
          {(props) => (
            <input
              {...props}
              name="ends_on"
              type="date"
              defaultValue={shown(result, 'ends_on', announcement.endsOn)}
            />
          )}
        </FormField>
      </div>
    </Group>
  )
}

function MarkdownGroup({
  words,
  policies,
  orderTerms,
  posted,
  section,
}: GroupProps & { section: 'faq' | 'policies' }) {
  const result = siteAnswerFor(posted, section)
  const faq = section === 'faq'
  return (
    <Group
      section={section}
      title={faq ? 'FAQ' : 'Policies'}
      intro={
        faq ? (
          <>
            The questions customers ask, on{' '}
            <a href="/faq" className="text-link">
              /faq
            </a>
            . Empty hides the page’s link.
          </>
        ) : (
          <>
            The order policies on{' '}
            <a href="/policies" className="text-link">
              /policies
            </a>
            , and the very text every customer ticks before sending a request. Each request keeps
            the text it was sent with.
          </>
        )
      }
      result={result}
      buttons={<PreviewPublish />}
      preview={
        result?.previewHtml !== undefined ? (
          result.previewHtml ? (
            // Sanitised on the server (utils/markdown.server.ts).
            <div
              className="markdown-page"
              dangerouslySetInnerHTML={{ __html: result.previewHtml }}
            />
          ) : (
            <p>The page is empty: it will say “nothing here yet”.</p>
          )
        ) : null
      }
    >
      {faq ? null : <OrderTermsFromRules terms={orderTerms} />}
      <TextField
        field={MARKDOWN_FIELDS[section]}
        result={result}
        words={words}
        policies={policies}
      />
    </Group>
  )
}

/**
 * The terms the policies open with, as customers read them: written from
 * her rules, so her words can only add to them, never contradict them.
 */
function OrderTermsFromRules({ terms }: { terms: GroupProps['orderTerms'] }) {
  return (
    <section
      className="rounded-2xl border-2 border-chocolate/15 bg-cream p-4"
      aria-labelledby="order-terms-from-rules"
    >
      <h3 id="order-terms-from-rules" className="font-bold text-chocolate">
        First, from your rules
      </h3>
      <ul className="mt-2 grid gap-1.5">
        {terms.map((term) => (
          <li key={term.title}>
            <strong>{term.title}.</strong> {term.text}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm">
        They follow{' '}
        <a href="/admin/settings/payments" className="text-link">
          Settings › Payments
        </a>{' '}
        as you change it. Below, your own words: notice, allergens, anything else.
      </p>
    </section>
  )
}

function LocalGroup({ words, moneyRecorded, timeZones, today, posted }: GroupProps) {
  const result = siteAnswerFor(posted, 'local')
  const local = words.local
  const locale = shown(result, 'locale', local.locale)
  const locales = LOCALE_CHOICES.some((choice) => choice.tag === locale)
    ? LOCALE_CHOICES
    : [...LOCALE_CHOICES, { tag: locale, label: locale }]
  return (
    <Group
      section="local"
      title="Local settings"
      intro="Where your “today” is, the money your prices are in, and how dates and amounts are written on every page, email and download."
      result={result}
      buttons={<SaveButton label="Save local settings" />}
    >
      <p className="rounded-2xl bg-cream px-4 py-3">
        <span className="form-label">As the site writes them now: </span>
        <span className="whitespace-nowrap">{formatCalendarDate(today)}</span> ·{' '}
        <span className="whitespace-nowrap">{formatMoney(105_050)}</span>
      </p>
      <div className="grid gap-4 sm:grid-cols-3">
        <TimeZoneField
          id="site-time_zone"
          defaultValue={shown(result, 'time_zone', local.timeZone)}
          timeZones={timeZones}
          error={result?.errors.time_zone}
        />
        <CurrencyField
          id="site-currency"
          defaultValue={shown(result, 'currency', local.currency)}
          fixed={moneyRecorded}
          error={result?.errors.currency}
        />
        <FormField
          name="site-locale"
          label="Dates and amounts written in"
          hint="The language and region: English (New Zealand) writes 2 December 2026."
          error={result?.errors.locale}
        >
          {(props) => (
            <select {...props} name="locale" defaultValue={locale}>
              {locales.map((choice) => (
                <option key={choice.tag} value={choice.tag}>
                  {choice.label}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
    </Group>
  )
}
