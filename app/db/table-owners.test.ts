import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { queriedTables, refusedQueries, tableGrants, tableOwners } from './table-owners.ts'

const featuresDir = join(import.meta.dirname, '..', 'features')
const features = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

/** A feature's own source files (tests may set up what they need in any table). */
function sourceFiles(feature: string): string[] {
  return readdirSync(join(featuresDir, feature), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => join(featuresDir, feature, file))
}

const sources = features.flatMap((feature) =>
  sourceFiles(feature).map((file) => ({ feature, file, source: readFileSync(file, 'utf8') })),
)

test('no feature queries a table it does not own, outside the declared grants', () => {
  const refused = sources.flatMap(({ feature, file, source }) =>
    refusedQueries(feature, source).map((why) => `${file.slice(featuresDir.length + 1)}: ${why}`),
  )
  expect(refused).toEqual([])
})

test('every table granted is still queried by the feature it is granted to', () => {
  const unused = tableGrants.flatMap(({ feature, tables }) =>
    tables
      .filter(
        (table) =>
          !sources.some(
            (source) => source.feature === feature && queriedTables(source.source).has(table),
          ),
      )
      .map((table) => `${feature}: ${table}`),
  )
  expect(unused).toEqual([])
})

test('the checker catches a feature reading another’s table, in a call, a join or raw sql', () => {
  const inboxReadingOrders = `
    const batches = await db.selectFrom('order_batch').selectAll().execute()
    await db.selectFrom('contact_message').innerJoin('outbox as o', 'o.subject_id', 'contact_message.id')
    await sql\`delete from payment where id = \${id}\`.execute(db)
  `
  expect(refusedQueries('inbox', inboxReadingOrders)).toEqual([
    expect.stringContaining('queries order_batch, owned by order-book'),
    expect.stringContaining('queries contact_message, owned by contact'),
    expect.stringContaining('queries outbox, owned by mail'),
    expect.stringContaining('queries payment, owned by order-book'),
  ])
  // The same source is the order book's own business, but for the two rooms it does not own.
  expect(refusedQueries('order-book', inboxReadingOrders)).toEqual([
    expect.stringContaining('contact_message, owned by contact'),
    expect.stringContaining('outbox, owned by mail'),
  ])
})

test('a table named in a variable, or one the map does not list, is refused', () => {
  expect(refusedQueries('contact', 'await trx.updateTable(table).set({ x: 1 })')).toEqual([
    expect.stringContaining('names its table in a variable'),
  ])
  expect(refusedQueries('contact', "await db.deleteFrom('scratch').execute()")).toEqual([
    expect.stringContaining('queries scratch, which app/db/table-owners.ts does not list'),
  ])
})

test('the checker reads lists, aliases, multi-line calls and sql.ref, and ignores columns', () => {
  expect(
    queriedTables(`db
      .selectFrom(
        'order_request as r',
      )
      .leftJoin(['payment'], (join) => join)
      .where(sql\`lower(\${sql.ref('request_quote.message')}) like 'x'\`)
      .select(['order_request.outbox_id'])`),
  ).toEqual(new Set(['order_request', 'payment', 'request_quote']))
})

test('shared tables are anyone’s, and each grant names a feature, its tables and a reason', () => {
  expect(refusedQueries('gallery', "db.selectFrom('app_state')")).toEqual([])
  for (const { feature, tables, reason } of tableGrants) {
    expect(features).toContain(feature)
    for (const table of tables) {
      if (table !== '?') expect(tableOwners[table].owner).not.toBe(feature)
    }
    expect(reason.length).toBeGreaterThan(40)
  }
  // Every owner is a feature folder of today, or shared code.
  for (const { owner } of Object.values(tableOwners)) {
    expect([...features, 'shared']).toContain(owner)
  }
})

test('every feature query starts from the feature’s own view of the tables, so the compiler checks it too', () => {
  // `ownTables(trx).selectFrom(…)` (app/db/feature-tables.ts); an expression
  // builder's subquery (`eb.selectFrom`) is part of the query it is built in.
  const direct =
    /\b(\w+)\s*\.(?:selectFrom|insertInto|replaceInto|mergeInto|updateTable|deleteFrom)\(/g
  // A feature granted a table held in a variable (the media quota) names its tables itself.
  const byVariable = (feature: string) =>
    tableGrants.some((grant) => grant.feature === feature && grant.tables.some((t) => t === '?'))
  const unchecked = sources.flatMap(({ feature, file, source }) =>
    [...(byVariable(feature) ? [] : source.matchAll(direct))]
      .filter((match) => match[1] !== 'eb')
      .map((match) => `${file.slice(featuresDir.length + 1)}: ${match[0].replace(/\s+/g, '')}`),
  )
  expect(unchecked).toEqual([])
})
