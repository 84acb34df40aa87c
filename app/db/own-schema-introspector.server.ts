/**
 * What Kysely's migrator sees of a PostgreSQL database: the tables of the
 * site's own schema (its search_path's first), not of every schema there.
 * Kysely's own introspector lists every schema's tables and asks about each
 * by name, so a schema another site or test drops meanwhile fails the
 * listing ("relation … does not exist") before a migration runs, and with
 * many schemas in one database the listing grows with all of them.
 */
import {
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  type Kysely,
  PostgresDialect,
  PostgresIntrospector,
  type SchemaMetadata,
  type TableMetadata,
  sql,
} from 'kysely'

interface ColumnRow {
  table: string
  schema: string
  kind: string
  column: string
  type: string
  type_schema: string
  not_null: boolean
  has_default: boolean
  auto_incrementing: boolean
}

export class OwnSchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>

  constructor(db: Kysely<unknown>) {
    this.#db = db
  }

  getSchemas(): Promise<SchemaMetadata[]> {
    return new PostgresIntrospector(this.#db).getSchemas()
  }

  async getTables(
    options: DatabaseMetadataOptions = { withInternalKyselyTables: false },
  ): Promise<TableMetadata[]> {
    // The filter on the schema comes before any question asked by name.
    const { rows } = await sql<ColumnRow>`
      select c.relname as table, ns.nspname as schema, c.relkind as kind,
        a.attname as column, typ.typname as type, tns.nspname as type_schema,
        a.attnotnull as not_null, a.atthasdef as has_default,
        (a.attidentity <> '' or pg_get_serial_sequence(
          quote_ident(ns.nspname) || '.' || quote_ident(c.relname), a.attname) is not null
        ) as auto_incrementing
      from pg_catalog.pg_attribute a
      join pg_catalog.pg_class c on c.oid = a.attrelid
      join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      join pg_catalog.pg_type typ on typ.oid = a.atttypid
      join pg_catalog.pg_namespace tns on tns.oid = typ.typnamespace
      where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p')
        and a.attnum >= 0 and not a.attisdropped
      order by c.relname, a.attnum`.execute(this.#db)
    const internal = [DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE]
    const tables = new Map<string, TableMetadata>()
    for (const row of rows) {
      if (!options.withInternalKyselyTables && internal.includes(row.table)) continue
      let table = tables.get(row.table)
      if (!table) {
        table = { name: row.table, schema: row.schema, isView: row.kind === 'v', columns: [] }
        tables.set(row.table, table)
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: !row.not_null,
        hasDefaultValue: row.has_default,
        isAutoIncrementing: row.auto_incrementing,
      })
    }
    return [...tables.values()]
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) }
  }
}

/** PostgreSQL as Kysely speaks it, looking only at the site's own schema. */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db)
  }
}
