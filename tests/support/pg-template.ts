/**
 * PostgreSQL schemas made migrated, as sqlite-template.ts makes SQLite files:
 * the migrations run once into a schema, pg_dump writes it out as SQL (named
 * after the migrations' source, like the SQLite template), and each test's
 * schema is filled by running that SQL, in a third of the time migrating
 * takes. Where pg_dump is missing the schema is migrated instead. Only tests
 * import this.
 */
import { execFile } from 'node:child_process'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { migrateToLatest, openDatabase } from '#app/db/db.server.ts'
import { type TestSchema, createTestSchema } from './pg-schema.ts'
import { migrationsHash } from './sqlite-template.ts'

const TEMPLATES = path.resolve(import.meta.dirname, '../../node_modules/.cache/bakery-pg')
/** Stands for the schema's name in the template's SQL. */
const SCHEMA_NAME = '__bakery_template_schema__'

async function migrate(schema: TestSchema) {
  const db = openDatabase({ dataDir: TEMPLATES, url: schema.url })
  try {
    await migrateToLatest(db)
  } finally {
    await db.destroy()
  }
}

/** The template's SQL, or undefined where pg_dump cannot be run. */
async function buildTemplate(serverUrl: string): Promise<string | undefined> {
  const file = path.join(TEMPLATES, `${migrationsHash()}.sql`)
  const made = await readFile(file, 'utf8').catch(() => undefined)
  if (made !== undefined) return made
  await mkdir(TEMPLATES, { recursive: true })
  const schema = await createTestSchema(serverUrl)
  try {
    await migrate(schema)
    const { stdout } = await promisify(execFile)(
      'pg_dump',
      [
        '--dbname',
        serverUrl,
        '--schema',
        schema.name,
        '--inserts',
        '--no-owner',
        '--no-privileges',
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    )
    const sql = stdout
      .split('\n')
      // psql's own commands (\restrict) and the schema's creation: each test creates its own.
      .filter((line) => !line.startsWith('\\') && line !== `CREATE SCHEMA ${schema.name};`)
      .join('\n')
      .replaceAll(schema.name, SCHEMA_NAME)
    // Written whole, then renamed into place: a process never reads half of one.
    const building = `${file}.${process.pid}`
    await writeFile(building, sql)
    await rename(building, file)
    return sql
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  } finally {
    await schema.drop()
  }
}

const key = '__bakeryPgTemplate'

/** A new schema holding what the migrations make, as a fresh install's database. */
export async function createMigratedSchema(
  serverUrl: string,
  prefix?: string,
): Promise<TestSchema> {
  // Kept on globalThis: each test file has its own modules, the process one template.
  const holder = globalThis as unknown as Record<string, Promise<string | undefined> | undefined>
  holder[key] ??= buildTemplate(serverUrl)
  const sql = await holder[key]
  const schema = await createTestSchema(serverUrl, prefix)
  if (sql === undefined) {
    await migrate(schema)
    return schema
  }
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(sql.replaceAll(SCHEMA_NAME, schema.name))
  } finally {
    await client.end()
  }
  return schema
}
