/**
 * Compiles server/main.ts to build/server/main.js, which `npm run serve`
 * runs with plain Node. Running the TypeScript through tsx in production kept
 * a loader thread and its compiler in every server process: about 80 MB of
 * RSS for one file (docs/decisions/026-server-memory.md). The rest of the
 * server is already JavaScript in build/server, made by `react-router build`.
 * `npm run dev` still runs server/main.ts through tsx; tests start this file.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import ts from 'typescript'

const root = path.resolve(import.meta.dirname, '..')
const source = path.join(root, 'server/main.ts')
const output = path.join(root, 'build/server/main.js')

// Its only import of our own code is type-only, so one file compiles alone.
const { outputText, diagnostics } = ts.transpileModule(await readFile(source, 'utf8'), {
  fileName: source,
  reportDiagnostics: true,
  compilerOptions: {
    module: ts.ModuleKind.ESNext,
    target: ts.ScriptTarget.ES2022,
    verbatimModuleSyntax: true,
  },
})
if (diagnostics && diagnostics.length > 0) {
  throw new Error(ts.formatDiagnostics(diagnostics, ts.createCompilerHost({})))
}
await mkdir(path.dirname(output), { recursive: true })
await writeFile(output, outputText)
console.log(`${path.relative(root, output)} compiled from ${path.relative(root, source)}`)
