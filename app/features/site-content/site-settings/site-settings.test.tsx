import { renderToStaticMarkup } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { expect, test } from 'vitest'
import type { SiteWords } from '#app/content/site-words.ts'
import type { SiteSettingsResult } from '#app/features/site-content/site-settings-form.ts'
import { runWithLocalSettings } from '#app/utils/local-settings.server.ts'
import type { LocalSettings } from '#app/utils/local-settings.ts'
import { SiteSettings } from './site-settings.tsx'

const LOCAL: LocalSettings = { timeZone: 'America/Toronto', currency: 'CAD', locale: 'en-CA' }

/** Maya's bakery as she last saved it, the announcement up, her own words in every group. */
const WORDS: SiteWords = {
  identity: {
    name: 'Maya’s Cakes',
    ownerName: 'Maya Chen',
    tagline: 'Cakes for the days you remember',
    titleWords: ['MAYA’S', 'HOME BAKERY'],
    email: 'maya@example.com',
    phone: '',
    social: {
      instagram: { url: 'https://instagram.com/mayascakes', handle: '@mayascakes' },
      tiktok: { url: '', handle: '' },
      facebook: { url: '', handle: '' },
    },
    serviceArea: 'Leslieville',
    city: 'Toronto',
    region: 'ON',
    postalCode: 'M4M 1A1',
    since: '2019',
    replyTime: 'within 2 days',
    footerLine: '',
  },
  words: {
    homeStory: 'Every cake is baked to order in my kitchen.',
    aboutStory: 'I bake at home.\n\nEvery cake is made for one day.',
    treatsIntro: '',
    galleryHeading: 'Recent cakes',
    galleryIntro: 'A few from this year.',
  },
  announcement: {
    on: true,
    text: 'Closed until January 5',
    link: '/ordernow',
    endsOn: '2027-01-04',
  },
  faq: { markdown: '## How do I order?\n\nWith the form.' },
  local: LOCAL,
  pictures: {
    hero: { alt: '', upload: null },
    about: { alt: '', upload: null },
    logo: { alt: '', upload: null },
    builtIn: 'demo',
  },
}

/** The page's groups as the server writes them, after `posted` or before any post. */
function render(posted?: SiteSettingsResult, moneyRecorded = false) {
  const Stub = createRoutesStub([
    {
      path: '/admin/settings/site',
      Component: () => (
        <SiteSettings
          words={WORDS}
          policies="Orders need a week’s notice."
          orderTerms={[
            { title: 'Deposit', text: 'Half the price holds your date.' },
            { title: 'Balance', text: 'The rest is due a week before.' },
          ]}
          moneyRecorded={moneyRecorded}
          timeZones={['America/Toronto', 'Pacific/Auckland']}
          today="2026-11-29"
          address={{ street: '12 Pape Ave', city: 'Toronto', region: 'ON', postalCode: 'M4M 1A1' }}
          country={{ code: 'CA', name: 'Canada' }}
          posted={posted}
        />
      ),
    },
  ])
  const html = runWithLocalSettings(LOCAL, () =>
    renderToStaticMarkup(<Stub initialEntries={['/admin/settings/site']} />),
  )
  // One tag a line, so a change reads as the lines it changed.
  return html.replaceAll('><', '>\n<')
}

/** One group's card out of the page: `<section id="site-…">` to its own end. */
function group(html: string, id: string): string {
  const start = html.lastIndexOf('<section', html.indexOf(` id="site-${id}"`))
  let depth = 0
  for (const tag of html.slice(start).matchAll(/<(\/?)section[\s>]/g)) {
    depth += tag[1] ? -1 : 1
    if (depth === 0) return html.slice(start, start + tag.index + '</section>'.length)
  }
  throw new Error(`No group ${id}`)
}

function answer(
  section: SiteSettingsResult['section'],
  status: SiteSettingsResult['status'],
  more: Partial<SiteSettingsResult> = {},
): SiteSettingsResult {
  return { section, status, values: {}, errors: {}, ...more }
}

test('Your site before any post: every group, filled from what is stored', () => {
  expect(render()).toMatchInlineSnapshot(`
    "<div class="mt-8 grid gap-8">
    <section aria-labelledby="site-identity-heading" id="site-identity" class="card scroll-mt-24 p-5 sm:p-6">
    <h2 id="site-identity-heading" class="font-display text-2xl font-bold">Identity</h2>
    <p class="mt-2">Your bakery’s name and how customers reach you, on every page.</p>
    <form class="mt-4 grid gap-4" data-discover="true" action="/admin/settings/site#site-identity-answer" method="post">
    <input type="hidden" name="intent" value="identity"/>
    <div class="grid gap-4 sm:grid-cols-2">
    <div class="form-field">
    <label for="field-site-name" class="form-label">Bakery name</label>
    <input id="field-site-name" type="text" maxLength="80" required="" name="name" value="Maya’s Cakes"/>
    </div>
    <div class="form-field">
    <label for="field-site-owner_name" class="form-label">Your name</label>
    <input id="field-site-owner_name" aria-describedby="field-site-owner_name-hint" type="text" maxLength="80" required="" autoComplete="name" name="owner_name" value="Maya Chen"/>
    <p id="field-site-owner_name-hint" class="form-hint">Signs every email and the receipts; the first word says who replies to customers.</p>
    </div>
    <div class="form-field">
    <label for="field-site-tagline" class="form-label">Tagline</label>
    <input id="field-site-tagline" type="text" maxLength="160" required="" name="tagline" value="Cakes for the days you remember"/>
    </div>
    <div class="form-field">
    <label for="field-site-title_words" class="form-label">Words around the home title</label>
    <textarea id="field-site-title_words" name="title_words" aria-describedby="field-site-title_words-hint" rows="3" maxLength="150" required="">MAYA’S
    HOME BAKERY</textarea>
    <p id="field-site-title_words-hint" class="form-hint">One per line, up to six; they turn around the title on the home page.</p>
    </div>
    <div class="form-field">
    <label for="field-site-service_area" class="form-label">Where you bake<span class="form-optional"> (optional)</span>
    </label>
    <input id="field-site-service_area" aria-describedby="field-site-service_area-hint" type="text" maxLength="80" name="service_area" value="Leslieville"/>
    <p id="field-site-service_area-hint" class="form-hint">A neighbourhood or city, never your street: it is public. Empty says the city of your address below, or leaves out every “in …”.</p>
    </div>
    <div class="form-field">
    <label for="field-site-since" class="form-label">Baking since (year)<span class="form-optional"> (optional)</span>
    </label>
    <input id="field-site-since" aria-describedby="field-site-since-hint" type="text" maxLength="4" inputMode="numeric" name="since" value="2019"/>
    <p id="field-site-since-hint" class="form-hint">Shown as “since 2019” on Home and About. Empty leaves it out.</p>
    </div>
    <div class="form-field">
    <label for="field-site-email" class="form-label">Contact email</label>
    <input id="field-site-email" type="email" maxLength="254" required="" autoComplete="email" name="email" value="maya@example.com"/>
    </div>
    <div class="form-field">
    <label for="field-site-phone" class="form-label">Phone<span class="form-optional"> (optional)</span>
    </label>
    <input id="field-site-phone" aria-describedby="field-site-phone-hint" type="tel" maxLength="30" autoComplete="tel" name="phone" value=""/>
    <p id="field-site-phone-hint" class="form-hint">10 digits, e.g. 416-555-0123</p>
    </div>
    <div class="form-field">
    <label for="field-site-reply_time" class="form-label">How soon you reply</label>
    <input id="field-site-reply_time" aria-describedby="field-site-reply_time-hint" type="text" maxLength="60" required="" name="reply_time" value="within 2 days"/>
    <p id="field-site-reply_time-hint" class="form-hint">Finishes “We reply …”, e.g. within 2 days. Used on every page and email that promises a reply.</p>
    </div>
    <div class="form-field">
    <label for="field-site-footer_line" class="form-label">Footer line<span class="form-optional"> (optional)</span>
    </label>
    <input id="field-site-footer_line" type="text" maxLength="200" name="footer_line" value=""/>
    </div>
    </div>
    <fieldset class="grid gap-4 sm:grid-cols-2">
    <legend class="form-label">Social links (each optional; leave the address empty to hide it)</legend>
    <div class="form-field">
    <label for="field-site-instagram_url" class="form-label">Instagram address<span class="form-optional"> (optional)</span>
    </label>
    <input id="field-site-instagram_url" type="url" maxLength="300" name="instagram_url" value="https://instagram.com/mayascakes"/>
    </div>
    <div class="form-field">
    <label for="field-site-instagram_handle" class="form-label">Instagram name<span class="form-optional"> (optional)</span>
    </label>
    <input id="field-site-instagram_handle" type="text" maxLength="60" name="instagram_handle" value="@mayascakes"/>
    </div>
    <div class="form-field">
    <label for="field-site-tiktok_url" class="form-label">TikTok address<span class="form-optional"> (optional)</span>
    </label>
    <input id="field-site-tiktok_url" type="url" maxLength="300" name="tiktok_url" value=""/>
    </div>
    <div class="form-field">
    <label for="field-site-tiktok_handle" class="form-label">TikTok name<span class="form-optional"> (optional)</span>
    </label>
    <input id="field-site-tiktok_handle" type="text" maxLength="60" name="tiktok_handle" value=""/>
    </div>
    <div class="form-field">
    <label for="field-site-facebook_url" class="form-label">Facebook address<span class="form-optional"> (optional)</span>
    </label>
    <input id="field-site-facebook_url" type="url" maxLength="300" name="facebook_url" value=""/>
    </div>
    <div class="form-field">
    <label for="field-site-facebook_handle" class="form-label">Facebook name<span class="form-optional"> (optional)</span>
    </label>
    <input id="field-site-facebook_handle" type="text" maxLength="60" name="facebook_handle" value=""/>
    </div>
    </fieldset>
    <div class="flex flex-wrap items-center gap-x-4 gap-y-3">
    <button type="submit" value="publish" class="button-primary" name="mode">Save identity</button>
    <p id="site-identity-answer" tabindex="-1" role="status" class="min-h-6 outline-none scroll-mt-[45vh] ">
    </p>
    </div>
    </form>
    </section>
    <section aria-labelledby="site-address-heading" id="site-address" class="card scroll-mt-24 p-5 sm:p-6">
    <h2 id="site-address-heading" class="font-display text-2xl font-bold">Address</h2>
    <p class="mt-2">Where your bakery is. Your street stays private. The city, province and postal code are public: receipts, emails and search engines show them. Leave out what you would rather not say.</p>
    <form class="mt-4 grid gap-4" data-discover="true" action="/admin/settings/site#site-address-answer" method="post">
    <input type="hidden" name="intent" value="address"/>
    <div class="grid gap-4 sm:grid-cols-3">
    <div class="sm:col-span-3">
    <div class="form-field">
    <label for="field-site-street" class="form-label">Street address<span class="form-optional"> (optional)</span>
    </label>
    <input id="field-site-street" aria-describedby="field-site-street-hint" type="text" maxLength="300" autoComplete="address-line1" name="street" value="12 Pape Ave"/>
    <p id="field-site-street-hint" class="form-hint">Private: a customer sees it only once you confirm her order, on her page and in her emails. The street and unit only; the rest goes below.</p>
    </div>
    </div>
    <div>
    <div class="form-field">
    <label for="field-site-city" class="form-label">City<span class="form-optional"> (optional)</span>
    </label>
    <input id="field-site-city" type="text" maxLength="80" autoComplete="address-level2" name="city" value="Toronto"/>
    </div>
    </div>
    <div>
    <div class="form-field">
    <label for="field-site-region" class="form-label">Province<span class="form-optional"> (optional)</span>
    </label>
    <input id="field-site-region" type="text" maxLength="60" autoComplete="address-level1" name="region" value="ON"/>
    </div>
    </div>
    <div>
    <div class="form-field">
    <label for="field-site-postal_code" class="form-label">Postal code<span class="form-optional"> (optional)</span>
    </label>
    <input id="field-site-postal_code" type="text" maxLength="12" autoComplete="postal-code" name="postal_code" value="M4M 1A1"/>
    </div>
    </div>
    </div>
    <p class="text-sm">Country: <strong>Canada</strong>, from <a href="#site-local" class="text-link">your local settings</a>.</p>
    <div class="flex flex-wrap items-center gap-x-4 gap-y-3">
    <button type="submit" class="button-primary">Save address</button>
    <p id="site-address-answer" tabindex="-1" role="status" class="min-h-6 outline-none scroll-mt-[45vh] ">
    </p>
    </div>
    </form>
    </section>
    <section aria-labelledby="site-pictures-heading" id="site-pictures" class="card scroll-mt-24 p-5 sm:p-6">
    <h2 id="site-pictures-heading" class="font-display text-2xl font-bold">Pictures</h2>
    <p class="mt-2">Your photos on the home page and About, and your logo. Photos from your phone are made smaller for the web, and where they were taken is removed.</p>
    <div class="mt-4 grid gap-6 lg:grid-cols-3">
    <section aria-labelledby="site-picture-hero-heading" id="site-picture-hero" class="scroll-mt-24 rounded-2xl border-2 border-chocolate/15 bg-cream p-4">
    <h3 id="site-picture-hero-heading" class="text-lg font-bold">Home page photo</h3>
    <p class="mt-1 text-sm">Fills the top of the home page, behind your name. A wide photo works best.</p>
    <div class="mt-3 flex min-h-28 items-center justify-center rounded-xl bg-paper p-2">
    <img src="/images/hero.svg" alt="Now: the picture the site came with" width="1600" height="1000" class="max-h-40 w-auto rounded-lg object-contain" loading="lazy"/>
    </div>
    <p class="mt-2 text-sm">The picture the site came with is showing.</p>
    <form class="mt-3 grid gap-4" data-discover="true" action="/admin/settings/site#site-picture-hero-answer" encType="multipart/form-data" method="post">
    <input type="hidden" name="intent" value="pictures"/>
    <input type="hidden" name="slot" value="hero"/>
    <div class="form-field">
    <label for="field-site-hero-file" class="form-label">Choose a photo</label>
    <input id="field-site-hero-file" aria-describedby="field-site-hero-file-hint" type="file" accept="image/jpeg,image/png,image/webp,image/avif" required="" class="inspiration-input" name="file"/>
    <p id="field-site-hero-file-hint" class="form-hint">JPEG, PNG, WebP or AVIF, up to 15 MB.</p>
    </div>
    <div class="form-field">
    <label for="field-site-hero-alt" class="form-label">Describe it</label>
    <input id="field-site-hero-alt" aria-describedby="field-site-hero-alt-hint" type="text" maxLength="250" required="" name="alt" value=""/>
    <p id="field-site-hero-alt-hint" class="form-hint">What the photo shows, read aloud to people who cannot see it.</p>
    </div>
    <div class="flex flex-wrap items-center gap-x-4 gap-y-3">
    <button type="submit" value="save" class="button-primary" name="mode">Save home page photo</button>
    <p id="site-picture-hero-answer" tabindex="-1" role="status" class="min-h-6 outline-none scroll-mt-[45vh] ">
    </p>
    </div>
    </form>
    </section>
    <section aria-labelledby="site-picture-about-heading" id="site-picture-about" class="scroll-mt-24 rounded-2xl border-2 border-chocolate/15 bg-cream p-4">
    <h3 id="site-picture-about-heading" class="text-lg font-bold">About photo</h3>
    <p class="mt-1 text-sm">Beside your story on About. You, your kitchen or a favourite bake.</p>
    <div class="mt-3 flex min-h-28 items-center justify-center rounded-xl bg-paper p-2">
    <img src="/images/logo.svg" alt="Now: the picture the site came with" width="240" height="240" class="max-h-40 w-auto rounded-lg object-contain" loading="lazy"/>
    </div>
    <p class="mt-2 text-sm">The picture the site came with is showing.</p>
    <form class="mt-3 grid gap-4" data-discover="true" action="/admin/settings/site#site-picture-about-answer" encType="multipart/form-data" method="post">
    <input type="hidden" name="intent" value="pictures"/>
    <input type="hidden" name="slot" value="about"/>
    <div class="form-field">
    <label for="field-site-about-file" class="form-label">Choose a photo</label>
    <input id="field-site-about-file" aria-describedby="field-site-about-file-hint" type="file" accept="image/jpeg,image/png,image/webp,image/avif" required="" class="inspiration-input" name="file"/>
    <p id="field-site-about-file-hint" class="form-hint">JPEG, PNG, WebP or AVIF, up to 15 MB.</p>
    </div>
    <div class="form-field">
    <label for="field-site-about-alt" class="form-label">Describe it</label>
    <input id="field-site-about-alt" aria-describedby="field-site-about-alt-hint" type="text" maxLength="250" required="" name="alt" value=""/>
    <p id="field-site-about-alt-hint" class="form-hint">What the photo shows, read aloud to people who cannot see it.</p>
    </div>
    <div class="flex flex-wrap items-center gap-x-4 gap-y-3">
    <button type="submit" value="save" class="button-primary" name="mode">Save About photo</button>
    <p id="site-picture-about-answer" tabindex="-1" role="status" class="min-h-6 outline-none scroll-mt-[45vh] ">
    </p>
    </div>
    </form>
    </section>
    <section aria-labelledby="site-picture-logo-heading" id="site-picture-logo" class="scroll-mt-24 rounded-2xl border-2 border-chocolate/15 bg-cream p-4">
    <h3 id="site-picture-logo-heading" class="text-lg font-bold">Logo</h3>
    <p class="mt-1 text-sm">In the header of every page, and on links shared to social media. A square works best.</p>
    <div class="mt-3 flex min-h-28 items-center justify-center rounded-xl bg-paper p-2">
    <img src="/images/logo.svg" alt="Now: the picture the site came with" width="240" height="240" class="max-h-40 w-auto rounded-lg object-contain" loading="lazy"/>
    </div>
    <p class="mt-2 text-sm">The picture the site came with is showing.</p>
    <form class="mt-3 grid gap-4" data-discover="true" action="/admin/settings/site#site-picture-logo-answer" encType="multipart/form-data" method="post">
    <input type="hidden" name="intent" value="pictures"/>
    <input type="hidden" name="slot" value="logo"/>
    <div class="form-field">
    <label for="field-site-logo-file" class="form-label">Choose a photo<span class="form-optional"> (optional)</span>
    </label>
    <input id="field-site-logo-file" aria-describedby="field-site-logo-file-hint" type="file" accept="image/jpeg,image/png,image/webp,image/avif" class="inspiration-input" name="file"/>
    <p id="field-site-logo-file-hint" class="form-hint">JPEG, PNG, WebP or AVIF, up to 15 MB.</p>
    </div>
    <div class="form-field">
    <label for="field-site-logo-alt" class="form-label">Describe it<span class="form-optional"> (optional)</span>
    </label>
    <input id="field-site-logo-alt" aria-describedby="field-site-logo-alt-hint" type="text" maxLength="250" name="alt" value=""/>
    <p id="field-site-logo-alt-hint" class="form-hint">Optional: when empty, your bakery’s name is said.</p>
    </div>
    <div class="flex flex-wrap items-center gap-x-4 gap-y-3">
    <button type="submit" value="save" class="button-primary" name="mode">Save logo</button>
    <p id="site-picture-logo-answer" tabindex="-1" role="status" class="min-h-6 outline-none scroll-mt-[45vh] ">
    </p>
    </div>
    </form>
    </section>
    </div>
    </section>
    <section aria-labelledby="site-words-heading" id="site-words" class="card scroll-mt-24 p-5 sm:p-6">
    <h2 id="site-words-heading" class="font-display text-2xl font-bold">Words</h2>
    <p class="mt-2">Your story on the home page and on About, the line under your treats, and the gallery’s heading and introduction.</p>
    <form class="mt-4 grid gap-4" data-discover="true" action="/admin/settings/site#site-words-answer" method="post">
    <input type="hidden" name="intent" value="words"/>
    <div class="form-field">
    <label for="field-site-home_story" class="form-label">Home page story</label>
    <textarea id="field-site-home_story" name="home_story" aria-describedby="field-site-home_story-hint" rows="4" maxLength="600" required="">Every cake is baked to order in my kitchen.</textarea>
    <p id="field-site-home_story-hint" class="form-hint">A sentence or two; the home page links to About for the rest.</p>
    </div>
    <div class="form-field">
    <label for="field-site-about_story" class="form-label">About story</label>
    <textarea id="field-site-about_story" name="about_story" aria-describedby="field-site-about_story-hint" rows="10" maxLength="6000" required="">I bake at home.

    Every cake is made for one day.</textarea>
    <p id="field-site-about_story-hint" class="form-hint">A blank line starts a new paragraph.</p>
    </div>
    <div class="form-field">
    <label for="field-site-treats_intro" class="form-label">Under your treats<span class="form-optional"> (optional)</span>
    </label>
    <textarea id="field-site-treats_intro" name="treats_intro" rows="3" maxLength="600">
    </textarea>
    </div>
    <div class="form-field">
    <label for="field-site-gallery_heading" class="form-label">Gallery heading</label>
    <input id="field-site-gallery_heading" type="text" maxLength="80" required="" name="gallery_heading" value="Recent cakes"/>
    </div>
    <div class="form-field">
    <label for="field-site-gallery_intro" class="form-label">Under the gallery’s heading<span class="form-optional"> (optional)</span>
    </label>
    <textarea id="field-site-gallery_intro" name="gallery_intro" rows="2" maxLength="300">A few from this year.</textarea>
    </div>
    <div class="flex flex-wrap items-center gap-x-4 gap-y-3">
    <button type="submit" value="preview" class="button-secondary" name="mode">Preview</button>
    <button type="submit" value="publish" class="button-primary" name="mode">Publish</button>
    <p id="site-words-answer" tabindex="-1" role="status" class="min-h-6 outline-none scroll-mt-[45vh] ">
    </p>
    </div>
    </form>
    </section>
    <section aria-labelledby="site-announcement-heading" id="site-announcement" class="card scroll-mt-24 p-5 sm:p-6">
    <h2 id="site-announcement-heading" class="font-display text-2xl font-bold">Announcement</h2>
    <p class="mt-2">A line across the top of every page, e.g. “Closed for the holidays until January 5”.</p>
    <form class="mt-4 grid gap-4" data-discover="true" action="/admin/settings/site#site-announcement-answer" method="post">
    <input type="hidden" name="intent" value="announcement"/>
    <label class="tick-label" for="site-announcement-on">
    <input id="site-announcement-on" type="checkbox" name="on" checked="" value="on"/>
    <span>Show the announcement</span>
    </label>
    <div class="form-field">
    <label for="field-site-text" class="form-label">What it says<span class="form-optional"> (optional)</span>
    </label>
    <input id="field-site-text" type="text" maxLength="200" name="text" value="Closed until January 5"/>
    </div>
    <div class="grid gap-4 sm:grid-cols-2">
    <div class="form-field">
    <label for="field-site-link" class="form-label">Link<span class="form-optional"> (optional)</span>
    </label>
    <input id="field-site-link" aria-describedby="field-site-link-hint" type="text" maxLength="300" name="link" value="/ordernow"/>
    <p id="field-site-link-hint" class="form-hint">A page of the site, like /ordernow, or an https:// address.</p>
    </div>
    <div class="form-field">
    <label for="field-site-ends_on" class="form-label">Last day it shows<span class="form-optional"> (optional)</span>
    </label>
    <input id="field-site-ends_on" aria-describedby="field-site-ends_on-hint" type="date" name="ends_on" value="2027-01-04"/>
    <p id="field-site-ends_on-hint" class="form-hint">It disappears by itself the day after. Leave empty to keep it up.</p>
    </div>
    </div>
    <div class="flex flex-wrap items-center gap-x-4 gap-y-3">
    <button type="submit" value="publish" class="button-primary" name="mode">Save announcement</button>
    <p id="site-announcement-answer" tabindex="-1" role="status" class="min-h-6 outline-none scroll-mt-[45vh] ">
    </p>
    </div>
    </form>
    </section>
    <section aria-labelledby="site-faq-heading" id="site-faq" class="card scroll-mt-24 p-5 sm:p-6">
    <h2 id="site-faq-heading" class="font-display text-2xl font-bold">FAQ</h2>
    <p class="mt-2">The questions customers ask, on <a href="/faq" class="text-link">/faq</a>. Empty hides the page’s link.</p>
    <form class="mt-4 grid gap-4" data-discover="true" action="/admin/settings/site#site-faq-answer" method="post">
    <input type="hidden" name="intent" value="faq"/>
    <div class="form-field">
    <label for="field-site-faq-markdown" class="form-label">Questions and answers<span class="form-optional"> (optional)</span>
    </label>
    <textarea id="field-site-faq-markdown" name="markdown" aria-describedby="field-site-faq-markdown-hint" rows="14" maxLength="20000">## How do I order?

    With the form.</textarea>
    <p id="field-site-faq-markdown-hint" class="form-hint">Markdown: ## for a heading, - for a list, **bold**, [words](https://…) for a link. Anything else is left out.</p>
    </div>
    <div class="flex flex-wrap items-center gap-x-4 gap-y-3">
    <button type="submit" value="preview" class="button-secondary" name="mode">Preview</button>
    <button type="submit" value="publish" class="button-primary" name="mode">Publish</button>
    <p id="site-faq-answer" tabindex="-1" role="status" class="min-h-6 outline-none scroll-mt-[45vh] ">
    </p>
    </div>
    </form>
    </section>
    <section aria-labelledby="site-policies-heading" id="site-policies" class="card scroll-mt-24 p-5 sm:p-6">
    <h2 id="site-policies-heading" class="font-display text-2xl font-bold">Policies</h2>
    <p class="mt-2">The order policies on <a href="/policies" class="text-link">/policies</a>, and the very text every customer ticks before sending a request. Each request keeps the text it was sent with.</p>
    <form class="mt-4 grid gap-4" data-discover="true" action="/admin/settings/site#site-policies-answer" method="post">
    <input type="hidden" name="intent" value="policies"/>
    <section class="rounded-2xl border-2 border-chocolate/15 bg-cream p-4" aria-labelledby="order-terms-from-rules">
    <h3 id="order-terms-from-rules" class="font-bold text-chocolate">First, from your rules</h3>
    <ul class="mt-2 grid gap-1.5">
    <li>
    <strong>Deposit.</strong> Half the price holds your date.</li>
    <li>
    <strong>Balance.</strong> The rest is due a week before.</li>
    </ul>
    <p class="mt-2 text-sm">They follow <a href="/admin/settings/payments" class="text-link">Settings › Payments</a> as you change it. Below, your own words: notice, allergens, anything else.</p>
    </section>
    <div class="form-field">
    <label for="field-site-policies-markdown" class="form-label">Order policies<span class="form-optional"> (optional)</span>
    </label>
    <textarea id="field-site-policies-markdown" name="markdown" aria-describedby="field-site-policies-markdown-hint" rows="14" maxLength="4000">Orders need a week’s notice.</textarea>
    <p id="field-site-policies-markdown-hint" class="form-hint">Markdown: ## for a heading, - for a list, **bold**, [words](https://…) for a link. Anything else is left out.</p>
    </div>
    <div class="flex flex-wrap items-center gap-x-4 gap-y-3">
    <button type="submit" value="preview" class="button-secondary" name="mode">Preview</button>
    <button type="submit" value="publish" class="button-primary" name="mode">Publish</button>
    <p id="site-policies-answer" tabindex="-1" role="status" class="min-h-6 outline-none scroll-mt-[45vh] ">
    </p>
    </div>
    </form>
    </section>
    <section aria-labelledby="site-local-heading" id="site-local" class="card scroll-mt-24 p-5 sm:p-6">
    <h2 id="site-local-heading" class="font-display text-2xl font-bold">Local settings</h2>
    <p class="mt-2">Where your “today” is, the money your prices are in, and how dates and amounts are written on every page, email and download.</p>
    <form class="mt-4 grid gap-4" data-discover="true" action="/admin/settings/site#site-local-answer" method="post">
    <input type="hidden" name="intent" value="local"/>
    <p class="rounded-2xl bg-cream px-4 py-3">
    <span class="form-label">As the site writes them now: </span>
    <span class="whitespace-nowrap">Sunday, November 29, 2026</span> · <span class="whitespace-nowrap">$1,050.50</span>
    </p>
    <div class="grid gap-4 sm:grid-cols-3">
    <div class="form-field">
    <label for="field-site-time_zone" class="form-label">Time zone</label>
    <input id="field-site-time_zone" aria-describedby="field-site-time_zone-hint" list="site-time_zone-choices" required="" maxLength="64" autoComplete="off" spellCheck="false" name="time_zone" value="America/Toronto"/>
    <datalist id="site-time_zone-choices">
    <option value="America/Toronto">
    </option>
    <option value="Pacific/Auckland">
    </option>
    </datalist>
    <p id="field-site-time_zone-hint" class="form-hint">Decides the first day customers can book, your morning digest and reminders. Type a city, like Pacific/Auckland.</p>
    </div>
    <div class="form-field">
    <label for="field-site-currency" class="form-label">Currency</label>
    <input id="field-site-currency" aria-describedby="field-site-currency-hint" list="site-currency-choices" required="" maxLength="3" autoComplete="off" autoCapitalize="characters" spellCheck="false" name="currency" value="CAD"/>
    <datalist id="site-currency-choices">
    <option value="CAD">Canadian dollar</option>
    <option value="USD">US dollar</option>
    <option value="GBP">Pound sterling</option>
    <option value="EUR">Euro</option>
    <option value="AUD">Australian dollar</option>
    <option value="NZD">New Zealand dollar</option>
    </datalist>
    <p id="field-site-currency-hint" class="form-hint">Its three-letter code, like NZD. Choose it before your first quote: it stays after that.</p>
    </div>
    <div class="form-field">
    <label for="field-site-locale" class="form-label">Dates and amounts written in</label>
    <select id="field-site-locale" name="locale" aria-describedby="field-site-locale-hint">
    <option value="en-CA" selected="">English (Canada)</option>
    <option value="en-US">English (United States)</option>
    <option value="en-GB">English (United Kingdom)</option>
    <option value="en-AU">English (Australia)</option>
    <option value="en-NZ">English (New Zealand)</option>
    <option value="en-IE">English (Ireland)</option>
    <option value="fr-CA">French (Canada)</option>
    </select>
    <p id="field-site-locale-hint" class="form-hint">The language and region: English (New Zealand) writes 2 December 2026.</p>
    </div>
    </div>
    <div class="flex flex-wrap items-center gap-x-4 gap-y-3">
    <button type="submit" value="publish" class="button-primary" name="mode">Save local settings</button>
    <p id="site-local-answer" tabindex="-1" role="status" class="min-h-6 outline-none scroll-mt-[45vh] ">
    </p>
    </div>
    </form>
    </section>
    </div>"
  `)
})

test('a refused identity keeps what she typed, with a sentence at each field', () => {
  const posted = answer('identity', 'refused', {
    error: 'Nothing was saved: check the fields marked.',
    values: { name: '', email: 'maya@', phone: '12', instagram_url: 'instagram' },
    errors: { name: 'Enter the bakery’s name.', email: 'Enter an email address.' },
  })
  expect(group(render(posted), 'identity')).toMatchInlineSnapshot(`
    "<section aria-labelledby="site-identity-heading" id="site-identity" class="card scroll-mt-24 p-5 sm:p-6">
    <h2 id="site-identity-heading" class="font-display text-2xl font-bold">Identity</h2>
    <p class="mt-2">Your bakery’s name and how customers reach you, on every page.</p>
    <form class="mt-4 grid gap-4" data-discover="true" action="/admin/settings/site#site-identity-answer" method="post">
    <input type="hidden" name="intent" value="identity"/>
    <div class="grid gap-4 sm:grid-cols-2">
    <div class="form-field">
    <label for="field-site-name" class="form-label">Bakery name</label>
    <input id="field-site-name" aria-invalid="true" aria-describedby="field-site-name-error" type="text" maxLength="80" required="" name="name" value=""/>
    <p id="field-site-name-error" class="form-error">Enter the bakery’s name.</p>
    </div>
    <div class="form-field">
    <label for="field-site-owner_name" class="form-label">Your name</label>
    <input id="field-site-owner_name" aria-describedby="field-site-owner_name-hint" type="text" maxLength="80" required="" autoComplete="name" name="owner_name" value="Maya Chen"/>
    <p id="field-site-owner_name-hint" class="form-hint">Signs every email and the receipts; the first word says who replies to customers.</p>
    </div>
    <div class="form-field">
    <label for="field-site-tagline" class="form-label">Tagline</label>
    <input id="field-site-tagline" type="text" maxLength="160" required="" name="tagline" value="Cakes for the days you remember"/>
    </div>
    <div class="form-field">
    <label for="field-site-title_words" class="form-label">Words around the home title</label>
    <textarea id="field-site-title_words" name="title_words" aria-describedby="field-site-title_words-hint" rows="3" maxLength="150" required="">MAYA’S
    HOME BAKERY</textarea>
    <p id="field-site-title_words-hint" class="form-hint">One per line, up to six; they turn around the title on the home page.</p>
    </div>
    <div class="form-field">
    <label for="field-site-service_area" class="form-label">Where you bake<span class="form-optional"> (optional)</span>
    </label>
    <input id="field-site-service_area" aria-describedby="field-site-service_area-hint" type="text" maxLength="80" name="service_area" value="Leslieville"/>
    <p id="field-site-service_area-hint" class="form-hint">A neighbourhood or city, never your street: it is public. Empty says the city of your address below, or leaves out every “in …”.</p>
    </div>
    <div class="form-field">
    <label for="field-site-since" class="form-label">Baking since (year)<span class="form-optional"> (optional)</span>
    </label>
    <input id="field-site-since" aria-describedby="field-site-since-hint" type="text" maxLength="4" inputMode="numeric" name="since" value="2019"/>
    <p id="field-site-since-hint" class="form-hint">Shown as “since 2019” on Home and About. Empty leaves it out.</p>
    </div>
    <div class="form-field">
    <label for="field-site-email" class="form-label">Contact email</label>
    <input id="field-site-email" aria-invalid="true" aria-describedby="field-site-email-error" type="email" maxLength="254" required="" autoComplete="email" name="email" value="maya@"/>
    <p id="field-site-email-error" class="form-error">Enter an email address.</p>
    </div>
    <div class="form-field">
    <label for="field-site-phone" class="form-label">Phone<span class="form-optional"> (optional)</span>
    </label>
    <input id="field-site-phone" aria-describedby="field-site-phone-hint" type="tel" maxLength="30" autoComplete="tel" name="phone" value="12"/>
    <p id="field-site-phone-hint" class="form-hint">10 digits, e.g. 416-555-0123</p>
    </div>
    <div class="form-field">
    <label for="field-site-reply_time" class="form-label">How soon you reply</label>
    <input id="field-site-reply_time" aria-describedby="field-site-reply_time-hint" type="text" maxLength="60" required="" name="reply_time" value="within 2 days"/>
    <p id="field-site-reply_time-hint" class="form-hint">Finishes “We reply …”, e.g. within 2 days. Used on every page and email that promises a reply.</p>
    </div>
    <div class="form-field">
    <label for="field-site-footer_line" class="form-label">Footer line<span class="form-optional"> (optional)</span>
    </label>
    <input id="field-site-footer_line" type="text" maxLength="200" name="footer_line" value=""/>
    </div>
    </div>
    <fieldset class="grid gap-4 sm:grid-cols-2">
    <legend class="form-label">Social links (each optional; leave the address empty to hide it)</legend>
    <div class="form-field">
    <label for="field-site-instagram_url" class="form-label">Instagram address<span class="form-optional"> (optional)</span>
    </label>
    <input id="field-site-instagram_url" type="url" maxLength="300" name="instagram_url" value="instagram"/>
    </div>
    <div class="form-field">
    <label for="field-site-instagram_handle" class="form-label">Instagram name<span class="form-optional"> (optional)</span>
    </label>
    <input id="field-site-instagram_handle" type="text" maxLength="60" name="instagram_handle" value="@mayascakes"/>
    </div>
    <div class="form-field">
    <label for="field-site-tiktok_url" class="form-label">TikTok address<span class="form-optional"> (optional)</span>
    </label>
    <input id="field-site-tiktok_url" type="url" maxLength="300" name="tiktok_url" value=""/>
    </div>
    <div class="form-field">
    <label for="field-site-tiktok_handle" class="form-label">TikTok name<span class="form-optional"> (optional)</span>
    </label>
    <input id="field-site-tiktok_handle" type="text" maxLength="60" name="tiktok_handle" value=""/>
    </div>
    <div class="form-field">
    <label for="field-site-facebook_url" class="form-label">Facebook address<span class="form-optional"> (optional)</span>
    </label>
    <input id="field-site-facebook_url" type="url" maxLength="300" name="facebook_url" value=""/>
    </div>
    <div class="form-field">
    <label for="field-site-facebook_handle" class="form-label">Facebook name<span class="form-optional"> (optional)</span>
    </label>
    <input id="field-site-facebook_handle" type="text" maxLength="60" name="facebook_handle" value=""/>
    </div>
    </fieldset>
    <div class="flex flex-wrap items-center gap-x-4 gap-y-3">
    <button type="submit" value="publish" class="button-primary" name="mode">Save identity</button>
    <p id="site-identity-answer" tabindex="-1" role="alert" class="min-h-6 outline-none scroll-mt-[45vh] ">
    <span class="status-error">Nothing was saved: check the fields marked.</span>
    </p>
    </div>
    </form>
    </section>"
  `)
})

test('the words’ preview shows each story as the pages will', () => {
  const posted = answer('words', 'preview', {
    values: { home_story: 'New story.', about_story: 'One.\n\nTwo.', treats_intro: 'Ask away.' },
    previewWords: {
      homeStory: 'New story.',
      aboutStory: 'One.\n\nTwo.',
      treatsIntro: 'Ask away.',
      galleryHeading: 'Recent cakes',
      galleryIntro: '',
    },
  })
  expect(group(render(posted), 'words')).toMatchInlineSnapshot(`
    "<section aria-labelledby="site-words-heading" id="site-words" class="card scroll-mt-24 p-5 sm:p-6">
    <h2 id="site-words-heading" class="font-display text-2xl font-bold">Words</h2>
    <p class="mt-2">Your story on the home page and on About, the line under your treats, and the gallery’s heading and introduction.</p>
    <form class="mt-4 grid gap-4" data-discover="true" action="/admin/settings/site#site-words-answer" method="post">
    <input type="hidden" name="intent" value="words"/>
    <div class="form-field">
    <label for="field-site-home_story" class="form-label">Home page story</label>
    <textarea id="field-site-home_story" name="home_story" aria-describedby="field-site-home_story-hint" rows="4" maxLength="600" required="">New story.</textarea>
    <p id="field-site-home_story-hint" class="form-hint">A sentence or two; the home page links to About for the rest.</p>
    </div>
    <div class="form-field">
    <label for="field-site-about_story" class="form-label">About story</label>
    <textarea id="field-site-about_story" name="about_story" aria-describedby="field-site-about_story-hint" rows="10" maxLength="6000" required="">One.

    Two.</textarea>
    <p id="field-site-about_story-hint" class="form-hint">A blank line starts a new paragraph.</p>
    </div>
    <div class="form-field">
    <label for="field-site-treats_intro" class="form-label">Under your treats<span class="form-optional"> (optional)</span>
    </label>
    <textarea id="field-site-treats_intro" name="treats_intro" rows="3" maxLength="600">Ask away.</textarea>
    </div>
    <div class="form-field">
    <label for="field-site-gallery_heading" class="form-label">Gallery heading</label>
    <input id="field-site-gallery_heading" type="text" maxLength="80" required="" name="gallery_heading" value="Recent cakes"/>
    </div>
    <div class="form-field">
    <label for="field-site-gallery_intro" class="form-label">Under the gallery’s heading<span class="form-optional"> (optional)</span>
    </label>
    <textarea id="field-site-gallery_intro" name="gallery_intro" rows="2" maxLength="300">A few from this year.</textarea>
    </div>
    <div class="flex flex-wrap items-center gap-x-4 gap-y-3">
    <button type="submit" value="preview" class="button-secondary" name="mode">Preview</button>
    <button type="submit" value="publish" class="button-primary" name="mode">Publish</button>
    <p id="site-words-answer" tabindex="-1" role="status" class="min-h-6 outline-none scroll-mt-[45vh] ">
    <span class="status-success">Preview below. Nothing is published until you press Publish.</span>
    </p>
    </div>
    </form>
    <section aria-labelledby="site-words-preview-heading" class="site-preview mt-6 rounded-2xl border-2 border-dashed border-chocolate/30 bg-cream p-4 sm:p-6">
    <h3 id="site-words-preview-heading" class="eyebrow">Preview, not published yet</h3>
    <div class="mt-3">
    <div class="grid gap-5">
    <div>
    <p class="form-label">Home page: Our Story</p>
    <p class="lede mt-1">New story.</p>
    </div>
    <div>
    <p class="form-label">About</p>
    <div class="mt-1 space-y-3">
    <p>One.</p>
    <p>Two.</p>
    </div>
    </div>
    <div>
    <p class="form-label">Under your treats</p>
    <p class="mt-1">Ask away.</p>
    </div>
    <div>
    <p class="form-label">Gallery</p>
    <p class="mt-1 font-display text-2xl">Recent cakes</p>
    </div>
    </div>
    </div>
    </section>
    </section>"
  `)
})

test('a refused announcement shows it switched off as she posted it', () => {
  const posted = answer('announcement', 'refused', {
    values: { text: 'Back soon', link: 'ordernow', ends_on: '2027-01-04' },
    errors: { link: 'Start the link with / or https://.' },
  })
  expect(group(render(posted), 'announcement')).toMatchInlineSnapshot(`
    "<section aria-labelledby="site-announcement-heading" id="site-announcement" class="card scroll-mt-24 p-5 sm:p-6">
    <h2 id="site-announcement-heading" class="font-display text-2xl font-bold">Announcement</h2>
    <p class="mt-2">A line across the top of every page, e.g. “Closed for the holidays until January 5”.</p>
    <form class="mt-4 grid gap-4" data-discover="true" action="/admin/settings/site#site-announcement-answer" method="post">
    <input type="hidden" name="intent" value="announcement"/>
    <label class="tick-label" for="site-announcement-on">
    <input id="site-announcement-on" type="checkbox" name="on" value="on"/>
    <span>Show the announcement</span>
    </label>
    <div class="form-field">
    <label for="field-site-text" class="form-label">What it says<span class="form-optional"> (optional)</span>
    </label>
    <input id="field-site-text" type="text" maxLength="200" name="text" value="Back soon"/>
    </div>
    <div class="grid gap-4 sm:grid-cols-2">
    <div class="form-field">
    <label for="field-site-link" class="form-label">Link<span class="form-optional"> (optional)</span>
    </label>
    <input id="field-site-link" aria-invalid="true" aria-describedby="field-site-link-hint field-site-link-error" type="text" maxLength="300" name="link" value="ordernow"/>
    <p id="field-site-link-hint" class="form-hint">A page of the site, like /ordernow, or an https:// address.</p>
    <p id="field-site-link-error" class="form-error">Start the link with / or https://.</p>
    </div>
    <div class="form-field">
    <label for="field-site-ends_on" class="form-label">Last day it shows<span class="form-optional"> (optional)</span>
    </label>
    <input id="field-site-ends_on" aria-describedby="field-site-ends_on-hint" type="date" name="ends_on" value="2027-01-04"/>
    <p id="field-site-ends_on-hint" class="form-hint">It disappears by itself the day after. Leave empty to keep it up.</p>
    </div>
    </div>
    <div class="flex flex-wrap items-center gap-x-4 gap-y-3">
    <button type="submit" value="publish" class="button-primary" name="mode">Save announcement</button>
    <p id="site-announcement-answer" tabindex="-1" role="alert" class="min-h-6 outline-none scroll-mt-[45vh] ">
    <span class="status-error">Nothing was saved.</span>
    </p>
    </div>
    </form>
    </section>"
  `)
})

test('the FAQ’s preview is its page, the policies’ an empty page after the rules', () => {
  const faq = answer('faq', 'preview', {
    values: { markdown: '## Pickup\n\nAt the door.' },
    previewHtml: '<h2>Pickup</h2><p>At the door.</p>',
  })
  expect(group(render(faq), 'faq')).toMatchInlineSnapshot(`
    "<section aria-labelledby="site-faq-heading" id="site-faq" class="card scroll-mt-24 p-5 sm:p-6">
    <h2 id="site-faq-heading" class="font-display text-2xl font-bold">FAQ</h2>
    <p class="mt-2">The questions customers ask, on <a href="/faq" class="text-link">/faq</a>. Empty hides the page’s link.</p>
    <form class="mt-4 grid gap-4" data-discover="true" action="/admin/settings/site#site-faq-answer" method="post">
    <input type="hidden" name="intent" value="faq"/>
    <div class="form-field">
    <label for="field-site-faq-markdown" class="form-label">Questions and answers<span class="form-optional"> (optional)</span>
    </label>
    <textarea id="field-site-faq-markdown" name="markdown" aria-describedby="field-site-faq-markdown-hint" rows="14" maxLength="20000">## Pickup

    At the door.</textarea>
    <p id="field-site-faq-markdown-hint" class="form-hint">Markdown: ## for a heading, - for a list, **bold**, [words](https://…) for a link. Anything else is left out.</p>
    </div>
    <div class="flex flex-wrap items-center gap-x-4 gap-y-3">
    <button type="submit" value="preview" class="button-secondary" name="mode">Preview</button>
    <button type="submit" value="publish" class="button-primary" name="mode">Publish</button>
    <p id="site-faq-answer" tabindex="-1" role="status" class="min-h-6 outline-none scroll-mt-[45vh] ">
    <span class="status-success">Preview below. Nothing is published until you press Publish.</span>
    </p>
    </div>
    </form>
    <section aria-labelledby="site-faq-preview-heading" class="site-preview mt-6 rounded-2xl border-2 border-dashed border-chocolate/30 bg-cream p-4 sm:p-6">
    <h3 id="site-faq-preview-heading" class="eyebrow">Preview, not published yet</h3>
    <div class="mt-3">
    <div class="markdown-page">
    <h2>Pickup</h2>
    <p>At the door.</p>
    </div>
    </div>
    </section>
    </section>"
  `)
  const policies = answer('policies', 'preview', { values: { markdown: '' }, previewHtml: '' })
  expect(group(render(policies), 'policies')).toMatchInlineSnapshot(`
    "<section aria-labelledby="site-policies-heading" id="site-policies" class="card scroll-mt-24 p-5 sm:p-6">
    <h2 id="site-policies-heading" class="font-display text-2xl font-bold">Policies</h2>
    <p class="mt-2">The order policies on <a href="/policies" class="text-link">/policies</a>, and the very text every customer ticks before sending a request. Each request keeps the text it was sent with.</p>
    <form class="mt-4 grid gap-4" data-discover="true" action="/admin/settings/site#site-policies-answer" method="post">
    <input type="hidden" name="intent" value="policies"/>
    <section class="rounded-2xl border-2 border-chocolate/15 bg-cream p-4" aria-labelledby="order-terms-from-rules">
    <h3 id="order-terms-from-rules" class="font-bold text-chocolate">First, from your rules</h3>
    <ul class="mt-2 grid gap-1.5">
    <li>
    <strong>Deposit.</strong> Half the price holds your date.</li>
    <li>
    <strong>Balance.</strong> The rest is due a week before.</li>
    </ul>
    <p class="mt-2 text-sm">They follow <a href="/admin/settings/payments" class="text-link">Settings › Payments</a> as you change it. Below, your own words: notice, allergens, anything else.</p>
    </section>
    <div class="form-field">
    <label for="field-site-policies-markdown" class="form-label">Order policies<span class="form-optional"> (optional)</span>
    </label>
    <textarea id="field-site-policies-markdown" name="markdown" aria-describedby="field-site-policies-markdown-hint" rows="14" maxLength="4000">
    </textarea>
    <p id="field-site-policies-markdown-hint" class="form-hint">Markdown: ## for a heading, - for a list, **bold**, [words](https://…) for a link. Anything else is left out.</p>
    </div>
    <div class="flex flex-wrap items-center gap-x-4 gap-y-3">
    <button type="submit" value="preview" class="button-secondary" name="mode">Preview</button>
    <button type="submit" value="publish" class="button-primary" name="mode">Publish</button>
    <p id="site-policies-answer" tabindex="-1" role="status" class="min-h-6 outline-none scroll-mt-[45vh] ">
    <span class="status-success">Preview below. Nothing is published until you press Publish.</span>
    </p>
    </div>
    </form>
    <section aria-labelledby="site-policies-preview-heading" class="site-preview mt-6 rounded-2xl border-2 border-dashed border-chocolate/30 bg-cream p-4 sm:p-6">
    <h3 id="site-policies-preview-heading" class="eyebrow">Preview, not published yet</h3>
    <div class="mt-3">
    <p>The page is empty: it will say “nothing here yet”.</p>
    </div>
    </section>
    </section>"
  `)
  expect(group(render(answer('policies', 'saved')), 'policies')).toMatchInlineSnapshot(`
    "<section aria-labelledby="site-policies-heading" id="site-policies" class="card scroll-mt-24 p-5 sm:p-6">
    <h2 id="site-policies-heading" class="font-display text-2xl font-bold">Policies</h2>
    <p class="mt-2">The order policies on <a href="/policies" class="text-link">/policies</a>, and the very text every customer ticks before sending a request. Each request keeps the text it was sent with.</p>
    <form class="mt-4 grid gap-4" data-discover="true" action="/admin/settings/site#site-policies-answer" method="post">
    <input type="hidden" name="intent" value="policies"/>
    <section class="rounded-2xl border-2 border-chocolate/15 bg-cream p-4" aria-labelledby="order-terms-from-rules">
    <h3 id="order-terms-from-rules" class="font-bold text-chocolate">First, from your rules</h3>
    <ul class="mt-2 grid gap-1.5">
    <li>
    <strong>Deposit.</strong> Half the price holds your date.</li>
    <li>
    <strong>Balance.</strong> The rest is due a week before.</li>
    </ul>
    <p class="mt-2 text-sm">They follow <a href="/admin/settings/payments" class="text-link">Settings › Payments</a> as you change it. Below, your own words: notice, allergens, anything else.</p>
    </section>
    <div class="form-field">
    <label for="field-site-policies-markdown" class="form-label">Order policies<span class="form-optional"> (optional)</span>
    </label>
    <textarea id="field-site-policies-markdown" name="markdown" aria-describedby="field-site-policies-markdown-hint" rows="14" maxLength="4000">Orders need a week’s notice.</textarea>
    <p id="field-site-policies-markdown-hint" class="form-hint">Markdown: ## for a heading, - for a list, **bold**, [words](https://…) for a link. Anything else is left out.</p>
    </div>
    <div class="flex flex-wrap items-center gap-x-4 gap-y-3">
    <button type="submit" value="preview" class="button-secondary" name="mode">Preview</button>
    <button type="submit" value="publish" class="button-primary" name="mode">Publish</button>
    <p id="site-policies-answer" tabindex="-1" role="status" class="min-h-6 outline-none scroll-mt-[45vh] ">
    <span class="status-success">Saved. The site shows it now.</span>
    </p>
    </div>
    </form>
    </section>"
  `)
})

test('local settings keep a locale not on the list, and the currency once money is recorded', () => {
  const posted = answer('local', 'refused', {
    values: { time_zone: 'Mars/Base', currency: 'CAD', locale: 'tlh' },
    errors: { time_zone: 'Choose a time zone from the list.' },
  })
  expect(group(render(posted, true), 'local')).toMatchInlineSnapshot(`
    "<section aria-labelledby="site-local-heading" id="site-local" class="card scroll-mt-24 p-5 sm:p-6">
    <h2 id="site-local-heading" class="font-display text-2xl font-bold">Local settings</h2>
    <p class="mt-2">Where your “today” is, the money your prices are in, and how dates and amounts are written on every page, email and download.</p>
    <form class="mt-4 grid gap-4" data-discover="true" action="/admin/settings/site#site-local-answer" method="post">
    <input type="hidden" name="intent" value="local"/>
    <p class="rounded-2xl bg-cream px-4 py-3">
    <span class="form-label">As the site writes them now: </span>
    <span class="whitespace-nowrap">Sunday, November 29, 2026</span> · <span class="whitespace-nowrap">$1,050.50</span>
    </p>
    <div class="grid gap-4 sm:grid-cols-3">
    <div class="form-field">
    <label for="field-site-time_zone" class="form-label">Time zone</label>
    <input id="field-site-time_zone" aria-invalid="true" aria-describedby="field-site-time_zone-hint field-site-time_zone-error" list="site-time_zone-choices" required="" maxLength="64" autoComplete="off" spellCheck="false" name="time_zone" value="Mars/Base"/>
    <datalist id="site-time_zone-choices">
    <option value="America/Toronto">
    </option>
    <option value="Pacific/Auckland">
    </option>
    </datalist>
    <p id="field-site-time_zone-hint" class="form-hint">Decides the first day customers can book, your morning digest and reminders. Type a city, like Pacific/Auckland.</p>
    <p id="field-site-time_zone-error" class="form-error">Choose a time zone from the list.</p>
    </div>
    <div class="form-field">
    <label for="field-site-currency" class="form-label">Currency</label>
    <input id="field-site-currency" aria-describedby="field-site-currency-hint" list="site-currency-choices" required="" readOnly="" maxLength="3" autoComplete="off" autoCapitalize="characters" spellCheck="false" name="currency" value="CAD"/>
    <datalist id="site-currency-choices">
    <option value="CAD">Canadian dollar</option>
    <option value="USD">US dollar</option>
    <option value="GBP">Pound sterling</option>
    <option value="EUR">Euro</option>
    <option value="AUD">Australian dollar</option>
    <option value="NZD">New Zealand dollar</option>
    </datalist>
    <p id="field-site-currency-hint" class="form-hint">Fixed now that quotes or payments are recorded: one bakery keeps one currency.</p>
    </div>
    <div class="form-field">
    <label for="field-site-locale" class="form-label">Dates and amounts written in</label>
    <select id="field-site-locale" name="locale" aria-describedby="field-site-locale-hint">
    <option value="en-CA">English (Canada)</option>
    <option value="en-US">English (United States)</option>
    <option value="en-GB">English (United Kingdom)</option>
    <option value="en-AU">English (Australia)</option>
    <option value="en-NZ">English (New Zealand)</option>
    <option value="en-IE">English (Ireland)</option>
    <option value="fr-CA">French (Canada)</option>
    <option value="tlh" selected="">tlh</option>
    </select>
    <p id="field-site-locale-hint" class="form-hint">The language and region: English (New Zealand) writes 2 December 2026.</p>
    </div>
    </div>
    <div class="flex flex-wrap items-center gap-x-4 gap-y-3">
    <button type="submit" value="publish" class="button-primary" name="mode">Save local settings</button>
    <p id="site-local-answer" tabindex="-1" role="alert" class="min-h-6 outline-none scroll-mt-[45vh] ">
    <span class="status-error">Nothing was saved.</span>
    </p>
    </div>
    </form>
    </section>"
  `)
})
