import type { RunningServer, ServerOptions } from './server.ts'

/**
 * One part of the report. Each section measures something against the running
 * server and hands back its markdown for the terminal and its raw numbers for
 * the JSON file; main() just runs them in order.
 */
export interface Section {
  /** Key of the section's numbers in the JSON file. */
  readonly id: string
  readonly title: string
  run(server: RunningServer, context: SectionContext): Promise<SectionResult>
}

/** For a section that needs a server of its own, started the same way as the shared one. */
export interface SectionContext {
  appDir: string
  serverOptions: ServerOptions
}

export interface SectionResult {
  markdown: string
  data: unknown
}
