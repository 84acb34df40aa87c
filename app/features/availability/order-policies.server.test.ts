import { expect, test } from 'vitest'
import { openTestDatabase } from '#tests/support/database.ts'
import { rendered } from '#tests/support/markdown.ts'
import { readBookingSettings, updateBookingSettings } from './booking-settings.server.ts'
import {
  readPoliciesAsRendered,
  readPoliciesHtml,
  renderStoredPolicies,
} from './order-policies.server.ts'

/** Her words as the page shows them, after the terms from her rules (decision 079) that open it. */
async function herWordsShown(db: Parameters<typeof readPoliciesHtml>[0]) {
  const html = await readPoliciesHtml(db)
  const terms = /^<h2>What every order follows<\/h2>\n<ul>[\s\S]*?<\/ul>\n?/.exec(html)
  expect(terms).not.toBeNull()
  return html.slice(terms![0].length)
}

test('policies stored without a rendering show as paragraphs until the boot renders them once', async () => {
  const { db } = await openTestDatabase()
  // A new bakery's first policies, as its migration wrote them: no rendering yet.
  const { markdown, html } = await readPoliciesAsRendered(db)
  expect(html).toBeNull()
  expect(await herWordsShown(db)).toMatch(/^<p>Notice: each treat needs the notice/)

  await updateBookingSettings(db, { policies: rendered('Old rules.') })
  await db
    .updateTable('booking_settings')
    .set({ policies: '## Deposits\n\nHalf *holds* the date.', policies_html: null })
    .execute()
  expect(await herWordsShown(db)).toBe('<p>## Deposits</p>\n<p>Half *holds* the date.</p>')
  expect(await renderStoredPolicies(db)).toBe(true)
  const expected = '<h2>Deposits</h2>\n<p>Half <em>holds</em> the date.</p>'
  expect(await herWordsShown(db)).toBe(expected)
  expect((await readBookingSettings(db)).policiesHtml).toBe(expected)
  expect(await renderStoredPolicies(db)).toBe(false)
  expect(markdown).toMatch(/^Notice:/)
})

test('policies that cannot be laid out keep no rendering and still show', async () => {
  const { db } = await openTestDatabase()
  const deep = `${'> '.repeat(3000)}Deposits`
  await db.updateTable('booking_settings').set({ policies: deep }).execute()
  expect(await renderStoredPolicies(db)).toBe(false)
  expect((await readPoliciesAsRendered(db)).html).toBeNull()
  expect(await herWordsShown(db)).toBe(`<p>${'&gt; '.repeat(3000)}Deposits</p>`)
})
