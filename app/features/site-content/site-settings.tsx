import type { ReactNode } from 'react'
import { Form, useNavigation } from 'react-router'
import { FormField } from '#app/components/form-field.tsx'
import { CURRENCY_CHOICES, LOCALE_CHOICES } from '#app/content/local-choices.ts'
import { SOCIAL_NETWORKS, type SiteWords, paragraphsOf } from '#app/content/site-words.ts'
import { bakeryToday, formatCalendarDate } from '#app/utils/dates.ts'
import { formatMoney } from '#app/utils/money.ts'
import {
  POLICIES_MAX,
  type SiteSettingsResult,
  type SiteSettingsSection,
} from './site-settings-form.ts'
import { LOCAL_LIMITS, WORDS_LIMITS } from './site-words-schema.ts'

export const SITE_SETTINGS_GROUPS: [SiteSettingsSection, string][] = [
  ['identity', 'Identity'],
  ['words', 'Words'],
  ['announcement', 'Announcement'],
  ['faq', 'FAQ'],
  ['policies', 'Policies'],
  ['local', 'Local settings'],
]

interface GroupProps {
  words: SiteWords
  policies: string
  /** Whether a quote or payment is recorded: the currency then stays (decision 057). */
  moneyRecorded: boolean
  /** The time zones the server accepts, for the time zone field's suggestions. */
  timeZones: readonly string[]
  result: SiteSettingsResult | undefined
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
      <WordsGroup {...props} />
      <AnnouncementGroup {...props} />
      <MarkdownGroup {...props} section="faq" />
      <MarkdownGroup {...props} section="policies" />
      <LocalGroup {...props} />
    </div>
  )
}

/** The answer for this group only, if the last post was its own. */
function own(result: SiteSettingsResult | undefined, section: SiteSettingsSection) {
  return result?.section === section ? result : undefined
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
      {/* The fragment brings her back to this group when the page comes back without JavaScript. */}
      <Form method="post" action={`/admin/settings/site#${id}`} className="mt-4 grid gap-4">
        <input type="hidden" name="intent" value={section} />
        {children}
        <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
          {buttons}
          <p role="status" className="min-h-6">
            {busy ? (
              <span>Saving…</span>
            ) : result?.status === 'saved' ? (
              <span className="status-success">Saved. The site shows it now.</span>
            ) : result?.status === 'preview' ? (
              <span className="status-success">
                Preview below. Nothing is published until you press Publish.
              </span>
            ) : result?.status === 'refused' ? (
              <span className="status-error">{result.error}</span>
            ) : null}
          </p>
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

function TextField({
  result,
  name,
  label,
  stored,
  max,
  hint,
  optional,
  type = 'text',
  rows,
  autoComplete,
  idName = name,
}: {
  result: SiteSettingsResult | undefined
  name: string
  /** For the control's id when two groups post the same name. */
  idName?: string
  label: string
  stored: string
  max: number
  hint?: string
  optional?: boolean
  type?: 'text' | 'email' | 'tel' | 'url'
  rows?: number
  autoComplete?: string
}) {
  return (
    <FormField
      name={`site-${idName}`}
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
            defaultValue={shown(result, name, stored)}
          />
        ) : (
          <input
            {...props}
            name={name}
            type={type}
            maxLength={max}
            required={!optional}
            autoComplete={autoComplete}
            defaultValue={shown(result, name, stored)}
          />
        )
      }
    </FormField>
  )
}

function IdentityGroup({ words, result: posted }: GroupProps) {
  const result = own(posted, 'identity')
  const identity = words.identity
  return (
    <Group
      section="identity"
      title="Identity"
      intro="Your bakery’s name and how customers reach you, on every page."
      result={result}
      buttons={<SaveButton label="Save identity" />}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          result={result}
          name="name"
          label="Bakery name"
          stored={identity.name}
          max={WORDS_LIMITS.name}
        />
        <TextField
          result={result}
          name="tagline"
          label="Tagline"
          stored={identity.tagline}
          max={WORDS_LIMITS.tagline}
        />
        <TextField
          result={result}
          name="title_words"
          label="Words around the home title"
          hint="One per line, up to six; they turn around the title on the home page."
          stored={identity.titleWords.join('\n')}
          max={WORDS_LIMITS.titleWords * (WORDS_LIMITS.titleWord + 1)}
          rows={3}
        />
        <TextField
          result={result}
          name="service_area"
          label="Where you bake"
          hint="A neighbourhood or city, never your street: it is public."
          stored={identity.serviceArea}
          max={WORDS_LIMITS.serviceArea}
        />
        <TextField
          result={result}
          name="email"
          label="Contact email"
          type="email"
          autoComplete="email"
          stored={identity.email}
          max={WORDS_LIMITS.email}
        />
        <TextField
          result={result}
          name="phone"
          label="Phone"
          type="tel"
          autoComplete="tel"
          optional
          stored={identity.phone}
          max={WORDS_LIMITS.phone}
        />
        <TextField
          result={result}
          name="reply_time"
          label="How soon you reply"
          hint="Finishes “We reply …”, e.g. within 2 days. Used on every page and email that promises a reply."
          stored={identity.replyTime}
          max={WORDS_LIMITS.replyTime}
        />
        <TextField
          result={result}
          name="footer_line"
          label="Footer line"
          optional
          stored={identity.footerLine}
          max={WORDS_LIMITS.footerLine}
        />
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="form-label">
          Social links (each optional; leave the address empty to hide it)
        </legend>
        {SOCIAL_NETWORKS.map(({ network, label }) => (
          <div key={network} className="contents">
            <TextField
              result={result}
              name={`${network}_url`}
              label={`${label} address`}
              type="url"
              optional
              stored={identity.social[network].url}
              max={WORDS_LIMITS.url}
            />
            <TextField
              result={result}
              name={`${network}_handle`}
              label={`${label} name`}
              optional
              stored={identity.social[network].handle}
              max={WORDS_LIMITS.handle}
            />
          </div>
        ))}
      </fieldset>
    </Group>
  )
}

function WordsGroup({ words, result: posted }: GroupProps) {
  const result = own(posted, 'words')
  const preview = result?.previewWords
  return (
    <Group
      section="words"
      title="Words"
      intro="Your story on the home page and on About, and the line under your treats."
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
          </div>
        ) : null
      }
    >
      <TextField
        result={result}
        name="home_story"
        label="Home page story"
        hint="A sentence or two; the home page links to About for the rest."
        stored={words.words.homeStory}
        max={WORDS_LIMITS.homeStory}
        rows={4}
      />
      <TextField
        result={result}
        name="about_story"
        label="About story"
        hint="A blank line starts a new paragraph."
        stored={words.words.aboutStory}
        max={WORDS_LIMITS.aboutStory}
        rows={10}
      />
      <TextField
        result={result}
        name="treats_intro"
        label="Under your treats"
        optional
        stored={words.words.treatsIntro}
        max={WORDS_LIMITS.treatsIntro}
        rows={3}
      />
    </Group>
  )
}

function AnnouncementGroup({ words, result: posted }: GroupProps) {
  const result = own(posted, 'announcement')
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
      <TextField
        result={result}
        name="text"
        label="What it says"
        optional
        stored={announcement.text}
        max={WORDS_LIMITS.bannerText}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          result={result}
          name="link"
          label="Link"
          hint="A page of the site, like /ordernow, or an https:// address."
          optional
          stored={announcement.link}
          max={WORDS_LIMITS.url}
        />
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
  result: posted,
  section,
}: GroupProps & { section: 'faq' | 'policies' }) {
  const result = own(posted, section)
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
            // Sanitised on the server (markdown.server.ts).
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
      <TextField
        result={result}
        name="markdown"
        idName={`${section}-markdown`}
        label={faq ? 'Questions and answers' : 'Order policies'}
        hint="Markdown: ## for a heading, - for a list, **bold**, [words](https://…) for a link. Anything else is left out."
        optional
        stored={faq ? words.faq.markdown : policies}
        max={faq ? WORDS_LIMITS.markdown : POLICIES_MAX}
        rows={14}
      />
    </Group>
  )
}

function LocalGroup({ words, moneyRecorded, timeZones, result: posted }: GroupProps) {
  const result = own(posted, 'local')
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
        <span className="whitespace-nowrap">{formatCalendarDate(bakeryToday())}</span> ·{' '}
        <span className="whitespace-nowrap">{formatMoney(105_050)}</span>
      </p>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField
          name="site-time_zone"
          label="Time zone"
          hint="Decides the first day customers can book, your morning digest and reminders. Type a city, like Pacific/Auckland."
          error={result?.errors.time_zone}
        >
          {(props) => (
            <>
              <input
                {...props}
                name="time_zone"
                list="site-time-zones"
                required
                maxLength={LOCAL_LIMITS.timeZone}
                autoComplete="off"
                spellCheck={false}
                defaultValue={shown(result, 'time_zone', local.timeZone)}
              />
              <datalist id="site-time-zones">
                {timeZones.map((zone) => (
                  <option key={zone} value={zone} />
                ))}
              </datalist>
            </>
          )}
        </FormField>
        <FormField
          name="site-currency"
          label="Currency"
          hint={
            moneyRecorded
              ? 'Fixed now that quotes or payments are recorded: one bakery keeps one currency.'
              : 'Its three-letter code, like NZD. Choose it before your first quote: it stays after that.'
          }
          error={result?.errors.currency}
        >
          {(props) => (
            <>
              <input
                {...props}
                name="currency"
                list="site-currencies"
                required
                readOnly={moneyRecorded}
                maxLength={LOCAL_LIMITS.currency}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                defaultValue={shown(result, 'currency', local.currency)}
              />
              <datalist id="site-currencies">
                {CURRENCY_CHOICES.map((choice) => (
                  <option key={choice.code} value={choice.code}>
                    {choice.label}
                  </option>
                ))}
              </datalist>
            </>
          )}
        </FormField>
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
