import { readFileSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { expect, test } from 'vitest'

/**
 * No time zone, currency or locale is written into the application's code
 * (ARCHITECTURE, decision 057): the owner's, from Settings, apply through
 * utils/local-settings.ts. This reads every source file of app/ and server/
 * (not the tests) as TypeScript and looks only at its strings, so a comment
 * or a name never counts, and fails on:
 * - an IANA time zone (America/Toronto) or 'UTC' in a string;
 * - a currency code (CAD, NZD…) or symbol next to an amount ($, €, £, "$${");
 * - a locale tag (en-CA, fr-CA…), or any string handed to an Intl formatter
 *   or toLocaleString as its locale.
 */

const ROOT = join(import.meta.dirname, '..', '..')

/** The seed the owner's settings start from, and the choices the form offers her. */
// Data of what the site offers and of the laws it follows: a region's
// yearly sales cap is written in its law's currency.
const EXEMPT_FILES = new Set([
  'app/content/site.ts',
  'app/content/local-choices.ts',
  'app/features/labels/regions.ts',
])

/**
 * The 'UTC' the site may write, each for a stated reason, by file and count:
 * a calendar day (no moment) is written in UTC so no zone moves it, and
 * the time zone field accepts UTC as a choice.
 */
const UTC_ALLOWED: Record<string, number> = {
  'app/utils/dates.ts': 1,
  'app/features/site-content/site-words-schema.ts': 1,
}

const ZONE_AREAS =
  'Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc|Canada|US'
const IANA_ZONE = new RegExp(`^(${ZONE_AREAS})/[A-Z][A-Za-z_+-]+(/[A-Z][A-Za-z_+-]+)?$`)
const IANA_ZONE_IN_TEXT = new RegExp(`\\b(${ZONE_AREAS})/[A-Z][a-z]+_?[A-Za-z]*\\b`)
const LOCALE_TAG = /\b[a-z]{2,3}(-[A-Z][a-z]{3})?-([A-Z]{2}|\d{3})\b/
const CURRENCY_CODES = new Set(Intl.supportedValuesOf('currency'))
/** A symbol before or after a number, or a '$' right before an interpolated amount. */
const MONEY_SYMBOL = /([$€£¥]\s?\d|\d\s?[$€£¥]|\b(CA|US|NZ|A|AU)\$|\([$€£¥]\))/
const INTL_FORMATTERS =
  /^(DateTimeFormat|NumberFormat|RelativeTimeFormat|ListFormat|PluralRules|Collator|Segmenter|DisplayNames)$/

export interface Finding {
  line: number
  text: string
  why: string
}

/** What in one source file's strings names a time zone, currency or locale. */
export function hardCodedLocalSettings(fileName: string, source: string): Finding[] {
  const kind = fileName.endsWith('.tsx')
    ? ts.ScriptKind.TSX
    : fileName.endsWith('.js')
      ? ts.ScriptKind.JS
      : ts.ScriptKind.TS
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind)
  const findings: Finding[] = []
  const found = (node: ts.Node, why: string) =>
    findings.push({
      line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1,
      text: node.getText(file).slice(0, 80),
      why,
    })

  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      checkText(node, node.text, true)
    } else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      checkText(node, node.text, false)
      // `$${amount}`: a dollar sign written before an interpolated value.
      if (!ts.isTemplateTail(node) && node.text.endsWith('$')) found(node, 'a currency symbol')
    } else if (ts.isJsxText(node)) {
      checkText(node, node.text, false)
    } else if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      node.arguments?.[0] &&
      isLocaleArgument(node.expression) &&
      (ts.isStringLiteralLike(node.arguments[0]) || ts.isArrayLiteralExpression(node.arguments[0]))
    ) {
      found(node.arguments[0], 'a locale given to a formatter')
    }
    ts.forEachChild(node, visit)
  }

  const checkText = (node: ts.Node, text: string, whole: boolean) => {
    if (whole && text === 'UTC') found(node, "'UTC'")
    if (whole ? IANA_ZONE.test(text) : IANA_ZONE_IN_TEXT.test(text)) found(node, 'a time zone')
    if (LOCALE_TAG.test(text)) found(node, 'a locale tag')
    if (whole && /^[A-Z]{3}$/.test(text) && CURRENCY_CODES.has(text) && looksLikeMoney(node)) {
      found(node, 'a currency code')
    }
    // '$1' alone is a replacement pattern (a regular expression's first group), not money.
    if (MONEY_SYMBOL.test(text) && !/^\$\d$/.test(text)) found(node, 'a currency symbol')
  }

  /** A three-capital string is a currency code where money is written: `currency: 'CAD'`, toUpperCase() === 'NZD'. */
  const looksLikeMoney = (node: ts.Node) => {
    const around = node.parent.getText(file)
    return (
      /currency|money|price|amount/i.test(around) ||
      /^(CAD|USD|EUR|GBP|NZD|AUD)$/.test(node.getText(file).slice(1, -1))
    )
  }

  visit(file)
  return findings
}

/** `new Intl.NumberFormat(…)`, `x.toLocaleString(…)`, `Intl.getCanonicalLocales` is not one. */
function isLocaleArgument(callee: ts.Expression): boolean {
  if (!ts.isPropertyAccessExpression(callee)) return false
  const name = callee.name.text
  if (/^toLocale(Date|Time)?String$/.test(name) || name === 'localeCompare') return true
  return (
    ts.isIdentifier(callee.expression) &&
    callee.expression.text === 'Intl' &&
    INTL_FORMATTERS.test(name)
  )
}

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|js)$/.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
    .filter((path) => !/\.test\.tsx?$/.test(path) && !path.includes('+types'))
    .sort()
}

// It parses every source file, several seconds on a busy machine.
const WHOLE_SCAN_TIMEOUT = 60_000

test(
  'no time zone, currency or locale is hard-coded in the application’s code',
  () => {
    const files = [...sourceFiles('app'), ...sourceFiles('server')]
    // The scan reaches the files that used to name them.
    expect(files).toContain('app/utils/money.ts')
    expect(files).toContain('app/features/owner-alerts/owner-service-worker.js')
    const problems: string[] = []
    for (const path of files) {
      if (EXEMPT_FILES.has(path)) continue
      const findings = hardCodedLocalSettings(path, readFileSync(join(ROOT, path), 'utf8'))
      const utc = findings.filter((finding) => finding.why === "'UTC'")
      const allowedUtc = UTC_ALLOWED[path] ?? 0
      for (const finding of findings) {
        if (finding.why === "'UTC'" && utc.length <= allowedUtc) continue
        problems.push(`${path}:${finding.line} ${finding.why}: ${finding.text}`)
      }
    }
    expect(problems).toEqual([])
  },
  WHOLE_SCAN_TIMEOUT,
)

test('the check finds each kind in code and none in comments, names or plain words', () => {
  const found = (source: string, name = 'x.ts') =>
    hardCodedLocalSettings(name, source).map((finding) => finding.why)

  expect(found("const zone = 'America/Toronto'")).toEqual(['a time zone'])
  expect(found("const f = new Intl.DateTimeFormat(locale, { timeZone: 'UTC' })")).toEqual(["'UTC'"])
  expect(found("const f = new Intl.DateTimeFormat('en-NZ', { timeZone })").sort()).toEqual([
    'a locale given to a formatter',
    'a locale tag',
  ])
  expect(found("const f = new Intl.Segmenter('en', { granularity: 'sentence' })")).toEqual([
    'a locale given to a formatter',
  ])
  expect(found('const s = count.toLocaleString("en")')).toEqual(['a locale given to a formatter'])
  expect(found("stripe({ currency: 'cad'.toUpperCase() === 'NZD' })")).toEqual(['a currency code'])
  expect(found("const c = { currency: 'CAD' }")).toEqual(['a currency code'])
  expect(found('const text = `$${dollars}`')).toEqual(['a currency symbol'])
  expect(found("const text = 'at most €500'")).toEqual(['a currency symbol'])
  expect(found('const label = "Price ($)"')).toEqual(['a currency symbol'])
  expect(found('const p = <p lang="fr-CA">NZ$45</p>', 'x.tsx')).toEqual([
    'a locale tag',
    'a currency symbol',
  ])

  // Comments, identifiers and ordinary words are not settings.
  expect(found('// In America/Toronto, en-CA writes $45 in CAD\nconst timeZone = zone')).toEqual([])
  expect(found("const kinds = ['CSV', 'PDF', 'ZIP']; const s = 'Order ${id} of $'")).toEqual([])
  expect(found("const label = 'Pacific time'; const re = /^\\$\\s*/")).toEqual([])
  expect(found('const f = new Intl.NumberFormat(locale, { style: "currency", currency })')).toEqual(
    [],
  )
})
