import { readFileSync, writeFileSync } from 'node:fs'
import { format, resolveConfig } from 'prettier'
import { tableGrants, tableOwners } from '#app/db/table-owners.ts'

/**
 * The map of the features in docs/architecture.md, made from the code so it
 * cannot go stale: the edges and their reasons from eslint.config.js, the
 * tables each feature owns and the grants from app/db/table-owners.ts.
 * `npm run docs:architecture` writes it; architecture-map.test.ts fails
 * when the document and the code disagree.
 */

export const DOC = new URL('../docs/architecture.md', import.meta.url)

/** The order book's core and the rooms built around it (decision 091), drawn together. */
const BOOK_ROOMS = [
  'order-book',
  'payments',
  'customer-changes',
  'customer-page',
  'order-page',
  'owner-desk',
  'scheduled-work',
]

interface Edges {
  featureEdges: Record<string, { uses: string[]; why: string }>
  kernels: string[]
}

async function readEdges(): Promise<Edges> {
  const config = new URL('../eslint.config.js', import.meta.url).href
  return (await import(config)) as Edges
}

const node = (feature: string) => feature.replace(/[^a-z0-9]/g, '_')
const code = (text: string) => `\`${text}\``
const cell = (text: string) => text.replace(/\|/g, '\\|')

/** The features' picture: who uses whom, the order book's rooms together, kernels apart. */
function picture({ featureEdges, kernels }: Edges): string {
  const features = Object.keys(featureEdges).sort()
  const others = features.filter((name) => !BOOK_ROOMS.includes(name) && !kernels.includes(name))
  const lines = ['```mermaid', 'graph LR', '  subgraph book [The order book]']
  for (const room of BOOK_ROOMS) lines.push(`    ${node(room)}[${room}]`)
  lines.push('  end', '  subgraph kernel [Kernels: every feature may use them]')
  for (const kernel of kernels) lines.push(`    ${node(kernel)}[${kernel}]`)
  lines.push('  end')
  for (const name of others) lines.push(`  ${node(name)}[${name}]`)
  for (const name of features) {
    for (const used of featureEdges[name]!.uses) {
      // A door into one module is drawn as an edge to its feature.
      lines.push(`  ${node(name)} --> ${node(used.split('/')[0]!)}`)
    }
  }
  lines.push('```')
  return lines.join('\n')
}

function ownedTables(feature: string): string[] {
  return Object.entries(tableOwners)
    .filter(([, { owner }]) => owner === feature)
    .map(([table]) => table)
}

function edgeTable({ featureEdges, kernels }: Edges): string {
  const rows = Object.keys(featureEdges)
    .sort()
    .map((feature) => {
      const { uses, why } = featureEdges[feature]!
      const kind = kernels.includes(feature) ? ' (kernel)' : ''
      return [
        `${code(feature)}${kind}`,
        uses.map(code).join(', ') || '—',
        ownedTables(feature).map(code).join(', ') || '—',
        cell(why),
      ]
    })
  return markdownTable(['Feature', 'Uses', 'Owns', 'Why'], rows)
}

function tablesTable(): string {
  const rows = Object.entries(tableOwners).map(([table, { owner, holds }]) => [
    code(table),
    owner === 'shared' ? 'shared' : code(owner),
    cell(holds),
  ])
  return markdownTable(['Table', 'Owner', 'Holds'], rows)
}

function grantsTable(): string {
  const rows = tableGrants.map(({ feature, tables, reason }) => [
    code(feature),
    tables.map((table) => (table === '?' ? 'a table named in a variable' : code(table))).join(', '),
    cell(reason),
  ])
  return markdownTable(['Feature', 'May also query', 'Why'], rows)
}

function markdownTable(head: string[], rows: string[][]): string {
  return [
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n')
}

const NOTE = '<!-- Made by `npm run docs:architecture` from the code; edit the code, not this. -->'

/** The document with its two generated parts made afresh from the code. */
export async function renderArchitecture(document: string): Promise<string> {
  const edges = await readEdges()
  const features = [NOTE, '', picture(edges), '', edgeTable(edges)].join('\n')
  const tables = [NOTE, '', tablesTable(), '', grantsTable()].join('\n')
  const made = replaceBetween(replaceBetween(document, 'features', features), 'tables', tables)
  // Written as the formatter writes Markdown, so `npm run lint` agrees with it.
  const options = await resolveConfig(DOC)
  return format(made, { ...options, parser: 'markdown' })
}

function replaceBetween(document: string, name: string, content: string): string {
  const start = `<!-- map:${name} -->`
  const end = `<!-- /map:${name} -->`
  const from = document.indexOf(start)
  const to = document.indexOf(end)
  if (from < 0 || to < from) throw new Error(`docs/architecture.md has no ${start} … ${end}`)
  return `${document.slice(0, from + start.length)}\n${content}\n${document.slice(to)}`
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const before = readFileSync(DOC, 'utf8')
  writeFileSync(DOC, await renderArchitecture(before))
  console.log('docs/architecture.md: the map of the features and tables is up to date.')
}
