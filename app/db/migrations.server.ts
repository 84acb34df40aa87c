import type { Migration } from 'kysely'

/**
 * Migrations live in code rather than in a folder so the server bundle carries
 * them. Names sort in the order they run; never edit one that has shipped.
 */
export const migrations: Record<string, Migration> = {}
