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

test('Your site before any post: every group, filled from what is stored', async () => {
  await expect(render()).toMatchFileSnapshot('./golden/before-any-post.html')
})

test('a refused identity keeps what she typed, with a sentence at each field', async () => {
  const posted = answer('identity', 'refused', {
    error: 'Nothing was saved: check the fields marked.',
    values: { name: '', email: 'maya@', phone: '12', instagram_url: 'instagram' },
    errors: { name: 'Enter the bakery’s name.', email: 'Enter an email address.' },
  })
  await expect(group(render(posted), 'identity')).toMatchFileSnapshot(
    './golden/identity-refused.html',
  )
})

test('the words’ preview shows each story as the pages will', async () => {
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
  await expect(group(render(posted), 'words')).toMatchFileSnapshot('./golden/words-preview.html')
})

test('a refused announcement shows it switched off as she posted it', async () => {
  const posted = answer('announcement', 'refused', {
    values: { text: 'Back soon', link: 'ordernow', ends_on: '2027-01-04' },
    errors: { link: 'Start the link with / or https://.' },
  })
  await expect(group(render(posted), 'announcement')).toMatchFileSnapshot(
    './golden/announcement-refused.html',
  )
})

test('the FAQ’s preview is its page, the policies’ an empty page after the rules', async () => {
  const faq = answer('faq', 'preview', {
    values: { markdown: '## Pickup\n\nAt the door.' },
    previewHtml: '<h2>Pickup</h2><p>At the door.</p>',
  })
  await expect(group(render(faq), 'faq')).toMatchFileSnapshot('./golden/faq-preview.html')
  const policies = answer('policies', 'preview', { values: { markdown: '' }, previewHtml: '' })
  await expect(group(render(policies), 'policies')).toMatchFileSnapshot(
    './golden/policies-preview.html',
  )
  await expect(group(render(answer('policies', 'saved')), 'policies')).toMatchFileSnapshot(
    './golden/policies-saved.html',
  )
})

test('local settings keep a locale not on the list, and the currency once money is recorded', async () => {
  const posted = answer('local', 'refused', {
    values: { time_zone: 'Mars/Base', currency: 'CAD', locale: 'tlh' },
    errors: { time_zone: 'Choose a time zone from the list.' },
  })
  await expect(group(render(posted, true), 'local')).toMatchFileSnapshot(
    './golden/local-locale-kept.html',
  )
})
