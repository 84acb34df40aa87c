import { expect, test } from 'vitest'
import { PAGE_KEYS, pageCopyFor } from './page-copy.ts'
import { SEED_WORDS } from './site-words.ts'

const hers = {
  name: 'Crumb & Co',
  ownerName: 'Mira Okafor',
  serviceArea: 'Leslieville',
  city: '',
  region: '',
  since: '2019',
  replyTime: 'by the next morning',
}

test('every page’s description is written in her words: her name, place, year and treats', () => {
  const copy = (page: Parameters<typeof pageCopyFor>[0]) =>
    pageCopyFor(page, { identity: hers, treats: ['Cakes', 'Cake Pops', 'Pavlova'] })
  expect(copy('home').description).toBe(
    'Crumb & Co is a home bakery in Leslieville making cakes, cake pops and pavlova since 2019.',
  )
  expect(copy('about').description).toBe(
    'Meet Mira Okafor, the baker behind Crumb & Co, a home bakery in Leslieville baking since 2019.',
  )
  expect(copy('orderNow').description).toBe(
    'Request cakes, cake pops and pavlova from Crumb & Co in Leslieville. Queue several orders and send them together.',
  )
  expect(copy('contact').description).toBe(
    'Questions about flavours, dates or pick-up? Send Crumb & Co a message and Mira will get back to you by the next morning.',
  )
  expect(copy('home').keywords).toEqual([
    'Crumb & Co',
    'home bakery',
    'Leslieville bakery',
    'cakes',
    'cake pops',
    'pavlova',
    'since 2019',
  ])
})

test('a phrase whose field she has not filled is left out, never filled in', () => {
  const unsaid = { ...hers, serviceArea: '', since: '' }
  for (const page of PAGE_KEYS) {
    const { description, keywords } = pageCopyFor(page, { identity: unsaid, treats: [] })
    const all = [description, ...keywords].join(' | ')
    expect(all, page).not.toMatch(/\bin\s*[.,|]|\bsince\b| {2}|\ba\s+[.,]|undefined/)
    expect(all, page).toContain('Crumb & Co')
  }
  expect(pageCopyFor('home', { identity: unsaid, treats: [] }).description).toBe(
    'Crumb & Co is a home bakery.',
  )
  expect(pageCopyFor('orderNow', { identity: unsaid, treats: [] }).description).toBe(
    'Request a custom order from Crumb & Co. Queue several orders and send them together.',
  )
})

test('the demo’s words still describe the demo bakery', () => {
  const { description } = pageCopyFor('home', { identity: SEED_WORDS.identity, treats: [] })
  expect(description).toBe('Butter & Bloom Bakery is a home bakery in Toronto since 2020.')
})
