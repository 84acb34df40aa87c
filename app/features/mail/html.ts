import { site } from '#app/content/site.ts'

/**
 * HTML for emails, escaped by construction: text put into a `markup` template
 * is always escaped, and only what another `markup` template rendered goes in
 * as markup. Customers' words can then never become tags or attributes.
 */
export class Markup {
  constructor(readonly html: string) {}
  toString(): string {
    return this.html
  }
}

export type MarkupValue =
  Markup | string | number | null | undefined | false | readonly MarkupValue[]

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

function render(value: MarkupValue): string {
  if (value === null || value === undefined || value === false) return ''
  if (value instanceof Markup) return value.html
  if (Array.isArray(value)) return value.map(render).join('')
  return String(value).replace(/[&<>"']/g, (character) => ENTITIES[character]!)
}

/** A tagged template: markup`<p>${text}</p>` escapes `text` unless it is itself Markup. */
export function markup(strings: TemplateStringsArray, ...values: MarkupValue[]): Markup {
  return new Markup(strings.reduce((html, text, index) => html + render(values[index - 1]) + text))
}

const INK = '#3b2418'
const MUTED = '#6b3e2e'

/** Labelled details, one row each, as the owner's emails list them. */
export function detailsTable(lines: readonly (readonly [label: string, value: string])[]): Markup {
  const rows = lines.map(
    ([label, value]) =>
      markup`<tr><th align="left" style="padding:4px 12px 4px 0;color:${MUTED};font-weight:600;vertical-align:top">${label}</th><td style="padding:4px 0;white-space:pre-wrap">${value}</td></tr>`,
  )
  return markup`<table role="presentation" style="border-collapse:collapse">${rows}</table>`
}

/**
 * The whole of an email to the owner: a heading, the content, and a closing
 * line that says whom pressing Reply will answer.
 */
export function ownerEmailHtml({
  heading,
  content,
  replyName,
}: {
  heading: string
  content: MarkupValue
  replyName: string
}): string {
  const body = markup`<body style="font-family:Helvetica,Arial,sans-serif;color:${INK};line-height:1.5"><h1 style="font-size:22px">${heading}</h1>${content}<p style="margin-top:24px;color:${MUTED}">Reply to this email to answer ${replyName}. Sent by the ${site.brandTitle} website.</p></body>`
  return `<!doctype html><html>${body.html}</html>`
}
