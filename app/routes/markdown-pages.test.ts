import { expect, test } from 'vitest'
import { type Db, setDatabase } from '#app/db/db.server.ts'
import { seedSiteContent } from '#app/features/site-content/site-content.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { loader as faqLoader } from './faq.tsx'
import { loader as orderNowLoader } from './order-now.tsx'
import { loader as policiesLoader } from './policies.tsx'

/** Her words as a page shows them, after the terms from her rules that open it (decision 079). */
function afterTerms(html: string): string {
  const terms = /^<h2>What every order follows<\/h2>\n<ul>[\s\S]*?<\/ul>\n?/.exec(html)
  expect(terms).not.toBeNull()
  return html.slice(terms![0].length)
}

/** Markdown nested 5,000 deep: more than marked can render without running out of stack. */
const DEEP = `${'>'.repeat(5000)} Deposits hold your date.`
/** The same text as a page shows it without a rendering: one plain paragraph. */
const DEEP_AS_PARAGRAPH = `<p>${'&gt;'.repeat(5000)} Deposits hold your date.</p>`

async function openBakery(): Promise<Db> {
  const { db } = await openTestDatabase()
  await seedSiteContent(db)
  setDatabase(db)
  return db
}

test('a FAQ stored nested 5,000 deep still answers /faq, as plain paragraphs', async () => {
  const db = await openBakery()
  // Stored as it was before renderings were kept (or by a hand edit): no rendering beside it.
  await db
    .updateTable('site_content')
    .set({ value: JSON.stringify({ markdown: DEEP }) })
    .where('key', '=', 'faq')
    .execute()
  await db.updateTable('site_content').set({ html: null }).where('key', '=', 'faq').execute()

  expect(await faqLoader()).toEqual({ html: DEEP_AS_PARAGRAPH })
})

test('policies stored nested 5,000 deep still answer /policies and /ordernow', async () => {
  const db = await openBakery()
  await db.updateTable('booking_settings').set({ policies: DEEP }).execute()
  await db.updateTable('booking_settings').set({ policies_html: null }).execute()

  expect(afterTerms((await policiesLoader()).html)).toBe(DEEP_AS_PARAGRAPH)
  const orderNow = await orderNowLoader({
    request: new Request('http://localhost/ordernow'),
  } as Parameters<typeof orderNowLoader>[0])
  expect(afterTerms(orderNow.policiesHtml)).toBe(DEEP_AS_PARAGRAPH)
})

test('the pages show the rendering stored when she saved, not one made as they are read', async () => {
  const db = await openBakery()
  await db
    .updateTable('site_content')
    .set({ value: JSON.stringify({ markdown: '## Deposits' }), html: '<h2>As saved</h2>' })
    .where('key', '=', 'faq')
    .execute()
  await db
    .updateTable('booking_settings')
    .set({ policies: '## Deposits', policies_html: '<h2>Policies as saved</h2>' })
    .execute()

  expect(await faqLoader()).toEqual({ html: '<h2>As saved</h2>' })
  expect(afterTerms((await policiesLoader()).html)).toBe('<h2>Policies as saved</h2>')
})
