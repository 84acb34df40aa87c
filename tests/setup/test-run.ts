/**
 * Vitest's global setup: one id for this run, which tests read with
 * inject('testRunId'). The tests that start the production server build it
 * once per run (tests/support/built-server.ts) and know a build is this
 * run's by it.
 */
import { randomUUID } from 'node:crypto'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    testRunId: string
  }
}

export default function setup(project: TestProject) {
  project.provide('testRunId', randomUUID())
}
