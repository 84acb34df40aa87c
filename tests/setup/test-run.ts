/**
 * Vitest's global setup: one id for this run, which tests read with
 * inject('testRunId'). The tests that start the production server build it
 * once per run (tests/support/built-server.ts) and know a build is this
 * run's by it. TEST_RUN_ID, when set, is the id instead: runs one after
 * another with the same sources (the SQLite and PostgreSQL passes of one
 * `npm test`) may share one build by sharing it.
 */
import { randomUUID } from 'node:crypto'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    testRunId: string
  }
}

export default function setup(project: TestProject) {
  project.provide('testRunId', process.env.TEST_RUN_ID || randomUUID())
}
