import { renderToStaticMarkup } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { expect, test } from 'vitest'
import { SiteWordsContext } from '#app/components/use-site-words.ts'
import { SEED_WORDS, toPublicWords } from '#app/content/site-words.ts'
import {
  readSiteWords,
  saveSiteSection,
  seedSiteContent,
} from '#app/features/site-content/site-content.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { AdminInvitePage } from './admin-invite-page.tsx'

/** The invitation page as the server writes it, with the words the root loader reads from the store. */
async function renderInvite(
  words: Parameters<typeof toPublicWords>[0],
  email: string | null = 'sam@example.com',
) {
  const publicWords = toPublicWords(words, '2026-11-26')
  const Stub = createRoutesStub([
    {
      path: '/admin/invite/:token',
      Component: () => (
        <SiteWordsContext value={publicWords}>
          <AdminInvitePage email={email} error={null} />
        </SiteWordsContext>
      ),
    },
  ])
  return renderToStaticMarkup(<Stub initialEntries={['/admin/invite/abc']} />)
}

test('the invitation page asks to join the bakery by the name she gave it, as soon as she renames it', async () => {
  const { db } = await openTestDatabase()
  await seedSiteContent(db)
  const before = await renderInvite(await readSiteWords(db))
  expect(before).toMatch(/<h1 class="page-heading mt-2">Join Butter &amp; Bloom Bakery<\/h1>/)

  const saved = await saveSiteSection(db, 'identity', {
    ...SEED_WORDS.identity,
    name: 'Crumb & Co',
  })
  expect(saved.ok).toBe(true)
  const after = await renderInvite(await readSiteWords(db))
  expect(after).toMatch(/<h1 class="page-heading mt-2">Join Crumb &amp; Co<\/h1>/)
  expect(after).not.toContain('Butter &amp; Bloom')
  expect(after).toContain(
    'You were invited to run the site as <strong class="break-words">sam@example.com</strong>',
  )
})

test('a used or expired invitation keeps her name in the heading and offers no form', async () => {
  const html = await renderInvite(
    {
      ...SEED_WORDS,
      identity: { ...SEED_WORDS.identity, name: 'Crumb & Co' },
    },
    null,
  )
  expect(html).toContain('Join Crumb &amp; Co')
  expect(html).not.toContain('<form')
})
