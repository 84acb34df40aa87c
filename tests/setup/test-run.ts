/**
 * Vitest's global setup: one id for this run, which tests read with
 * inject('testRunId'). The tests that start the production server build it
 * once per run (tests/support/built-server.ts) and know a build is this
 * run's by it. TEST_RUN_ID, when set, is the id instead: runs one after
 * another with the same sources (the SQLite and PostgreSQL passes of one
 * `npm test`) may share one build by sharing it. On PostgreSQL, it drops
 * the schemas the run's workers kept when the run ends.
 */
import { randomUUID } from 'node:crypto'
import type { TestProject } from 'vitest/node'
import { dropSchemasNamed, keptSchemaPrefix } from '#tests/support/pg-schema.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    testRunId: string
  }
}

export default function setup(project: TestProject) {
  const runId = process.env.TEST_RUN_ID || randomUUID()
  project.provide('testRunId', runId)
  // The PostgreSQL schemas the workers kept for their next tests (kept-schemas.ts).
  return async () => {
    const serverUrl = process.env.TEST_DATABASE_URL
    if (process.env.TEST_DATABASE !== 'pg' || !serverUrl) return
    await dropSchemasNamed(serverUrl, keptSchemaPrefix(runId))
  }
}
