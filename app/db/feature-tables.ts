import type { Kysely, Transaction } from 'kysely'
import type { Database } from './schema.ts'
import type { tableGrants, tableOwners } from './table-owners.ts'

type Owners = typeof tableOwners

/** The tables `feature` owns, and the shared ones. */
type OwnedBy<F extends string> = {
  [T in keyof Owners]: Owners[T]['owner'] extends F | 'shared' ? T : never
}[keyof Owners]

/** The tables app/db/table-owners.ts grants `feature`, each with its reason there. */
type GrantedTo<F extends string> = Extract<
  (typeof tableGrants)[number],
  { feature: F }
>['tables'][number]

/** What a feature's queries may name: its own tables, the shared ones and its grants. */
export type TablesOf<F extends string> = Extract<OwnedBy<F> | GrantedTo<F>, keyof Database>

/** The database as one feature sees it. */
export type FeatureDb<F extends string> = Kysely<Pick<Database, TablesOf<F>>>

export type Executor = Kysely<Database> | Transaction<Database>

/**
 * A feature's view of a connection or a transaction: the same handle, typed
 * so that a query of a table the feature neither owns nor was granted does
 * not compile (decision 091). The source scan in table-owners.test.ts checks
 * the raw SQL the types cannot see. Made once per module:
 * `const ownTables = tablesFor('contact')`, then `ownTables(trx).insertInto('contact_message')`.
 */
export function tablesFor<F extends string>(_feature: F): (db: Executor) => FeatureDb<F> {
  return (db) => db as unknown as FeatureDb<F>
}
