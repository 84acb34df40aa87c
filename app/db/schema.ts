/**
 * The database's tables as Kysely sees them. Each migration in
 * migrations.server.ts that adds a table adds its interface here.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- tables arrive with their features
export interface Database {}
