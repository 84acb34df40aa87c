/**
 * Migrated PostgreSQL schemas kept for the next test: when a test ends, its
 * schema's rows are put back to a fresh install's (a few milliseconds)
 * instead of the schema being dropped and another made from the template
 * (about a quarter of a second of DDL each). A worker keeps its own, with
 * one untouched copy, the seed, to put the rows back from. A schema that
 * still has a connection open when its test ends, or that cannot be put
 * back, is dropped as before. The run's global teardown drops what the
 * workers kept (tests/setup/test-run.ts). Only tests import this.
 */
import { setTimeout } from 'node:timers/promises'
import pg from 'pg'
import { inject } from 'vitest'
import { type TestSchema, keptSchemaPrefix } from './pg-schema.ts'
import { createMigratedSchema } from './pg-template.ts'

interface Keeper {
  seed: TestSchema
  /** How many tables, indexes and sequences the seed has: a schema with others (better-auth's, made by a test) is not kept. */
  relations: number
  /** Statements that put a kept schema's rows back to the seed's; `$schema` stands for its name. */
  reset: string
  free: TestSchema[]
  /** One connection for the worker's put-backs, instead of one each; idle, it keeps no worker alive. */
  admin: pg.Pool
}

const key = '__bakeryKeptSchemas'

/** A migrated schema of a fresh install, kept for another test when `drop()` is called. */
export async function takeMigratedSchema(serverUrl: string): Promise<TestSchema> {
  const holder = globalThis as unknown as Record<string, Promise<Keeper> | undefined>
  holder[key] ??= makeKeeper(serverUrl)
  const keeper = await holder[key]
  const schema = keeper.free.pop() ?? (await createMigratedSchema(serverUrl, prefix()))
  return { ...schema, drop: () => putBack(keeper, schema) }
}

function prefix() {
  return keptSchemaPrefix(inject('testRunId'))
}

async function makeKeeper(serverUrl: string): Promise<Keeper> {
  const seed = await createMigratedSchema(serverUrl, prefix())
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    return {
      seed,
      relations: await relationCount(client, seed.name),
      reset: await resetStatements(client, seed.name),
      free: [],
      admin: new pg.Pool({ connectionString: serverUrl, max: 1, allowExitOnIdle: true }),
    }
  } finally {
    await client.end()
  }
}

/**
 * Deletes every row, children before the tables they point to, copies the
 * seed's rows back and restarts the sequences: all in one transaction, with
 * the schema on the search path for its triggers.
 */
async function resetStatements(client: pg.Client, seed: string): Promise<string> {
  const tables = (
    await client.query<{ name: string; rows: boolean }>(
      'select tablename as name from pg_tables where schemaname = $1 order by tablename',
      [seed],
    )
  ).rows.map((row) => row.name)
  const references = (
    await client.query<{ child: string; parent: string }>(
      `select child.relname as child, parent.relname as parent
         from pg_constraint c
         join pg_class child on child.oid = c.conrelid
         join pg_class parent on parent.oid = c.confrelid
         join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and n.nspname = $1 and child.relname <> parent.relname`,
      [seed],
    )
  ).rows
  const seeded: string[] = []
  for (const table of tables) {
    const { rows } = await client.query(`select 1 from ${seed}.${table} limit 1`)
    if (rows.length > 0) seeded.push(table)
  }
  const sequences = (
    await client.query<{ name: string }>(
      'select sequencename as name from pg_sequences where schemaname = $1',
      [seed],
    )
  ).rows.map((row) => row.name)
  return [
    'begin',
    'set local search_path to $schema',
    ...childrenFirst(tables, references).map((table) => `delete from $schema.${table}`),
    ...seeded.map(
      (table) =>
        `insert into $schema.${table} overriding system value select * from ${seed}.${table}`,
    ),
    ...sequences.map((sequence) => `select setval('$schema.${sequence}', 1, false)`),
    'commit',
  ].join(';\n')
}

/** The tables in an order that deletes a row's children before it. */
function childrenFirst(tables: string[], references: { child: string; parent: string }[]) {
  const ordered: string[] = []
  const left = new Set(tables)
  while (left.size > 0) {
    const leaves = [...left].filter(
      (table) => !references.some((ref) => ref.parent === table && left.has(ref.child)),
    )
    if (leaves.length === 0) throw new Error(`tables refer to each other in a cycle: ${[...left]}`)
    for (const table of leaves) {
      ordered.push(table)
      left.delete(table)
    }
  }
  return ordered
}

async function relationCount(client: pg.Client, schema: string): Promise<number> {
  const { rows } = await client.query<{ count: string }>(
    'select count(*) as count from pg_class where relnamespace = $1::regnamespace',
    [schema],
  )
  return Number(rows[0]!.count)
}

/**
 * A connection the test has just closed can still be listed while its server
 * process exits: asked again for a moment before the schema is given up, as
 * a schema given up costs the next test a new one from the template.
 */
const CLOSING_CHECKS = 15
const CLOSING_PAUSE_MS = 20

async function putBack(keeper: Keeper, schema: TestSchema) {
  const client = await keeper.admin.connect()
  let kept = false
  try {
    for (let check = 1; check <= CLOSING_CHECKS; check++) {
      const { rows } = await client.query<{ open: boolean; relations: string }>(
        `select exists (select 1 from pg_stat_activity where application_name = $1) as open,
                (select count(*) from pg_class where relnamespace = $1::regnamespace) as relations`,
        [schema.name],
      )
      if (Number(rows[0]!.relations) !== keeper.relations) break
      if (!rows[0]!.open) {
        await client.query(keeper.reset.replaceAll('$schema', schema.name))
        kept = true
        break
      }
      if (check < CLOSING_CHECKS) await setTimeout(CLOSING_PAUSE_MS)
    }
    client.release()
  } catch {
    // The connection may be broken: it goes, and the pool opens another next time.
    await client.query('rollback').catch(() => {})
    client.release(true)
  }
  if (kept) keeper.free.push(schema)
  else await schema.drop()
}
