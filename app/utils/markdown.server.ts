import { Marked } from 'marked'
import sanitizeHtml from 'sanitize-html'

/**
 * The owner's Markdown (/faq, /policies, the order form's policies, the
 * policies on a customer's request page) as safe HTML, made on the server so
 * the pages cost no JavaScript. marked turns the Markdown into HTML;
 * sanitize-html then keeps only headings, paragraphs, lists, links, emphasis
 * and a few other plain-text tags, and drops everything else: <script>,
 * <style> and <iframe> with what they hold, every on… attribute, and any link
 * that is not http(s), mailto:, tel: or a path of the site (javascript: and
 * data: included). Raw HTML she pastes goes through the same filter.
 *
 * It runs once, when she saves (decision 076): the HTML is stored beside her
 * Markdown and the pages read it. marked recurses once per level of nesting
 * and its work grows faster than the nesting, so a text nested thousands of
 * levels deep (5,000 `>`) overflows the stack, and a list indented a
 * thousand levels takes seconds. Such a text is refused at save with a
 * sentence, before marked sees it, and a page never renders Markdown itself.
 */

const marked = new Marked({ gfm: true, breaks: false, async: false })

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'a',
    'strong',
    'em',
    'b',
    'i',
    'blockquote',
    'code',
  ],
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Dropped with everything inside them, not left as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed'],
  disallowedTagsMode: 'discard',
  transformTags: {
    // The page has its own h1: her "# Title" becomes a section heading.
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    // Links to other sites open as links do elsewhere on the site, without handing over the page.
    a: (tagName, attribs) => {
      const href = attribs.href ?? ''
      const kept: sanitizeHtml.Attributes = href ? { href } : {}
      if (/^https?:/i.test(href)) kept.rel = 'noopener nofollow'
      return { tagName, attribs: kept }
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href && !frame.text.trim(),
}

export const MARKDOWN_LIMITS = {
  /** Quotes, lists and indents inside one another on a line: far more than any page needs. */
  nesting: 16,
  /** Elements inside one another in the HTML (a list in a quote, emphasis in a link…). */
  depth: 32,
  /** Characters of HTML: a page of 20,000 characters lays out in well under this. */
  html: 200_000,
} as const

/** Her Markdown and the safe HTML it renders to, as the store keeps them side by side. */
export interface RenderedMarkdown {
  markdown: string
  html: string
}

export type MarkdownResult = ({ ok: true } & RenderedMarkdown) | { ok: false; error: string }

/**
 * Renders her Markdown, or says in a sentence why it cannot be shown: a
 * line nested too deep (checked before marked runs, so the work stays
 * small), HTML nested too deep or too long, or marked giving up. The texts
 * are bounded by their schemas (20,000 characters at most).
 */
export function renderMarkdown(markdown: string): MarkdownResult {
  const nested = deepestLine(markdown)
  if (nested.depth > MARKDOWN_LIMITS.nesting) {
    return {
      ok: false,
      error: `Line ${nested.line} puts ${nested.depth} quotes, lists or indents inside one another; the page takes at most ${MARKDOWN_LIMITS.nesting}. Please make it flatter.`,
    }
  }
  let html: string
  try {
    html = sanitizeHtml(marked.parse(markdown) as string, SANITIZE).trim()
  } catch {
    return { ok: false, error: 'This text could not be laid out as a page. Please simplify it.' }
  }
  if (html.length > MARKDOWN_LIMITS.html) {
    return { ok: false, error: 'Laid out, this page would be too long. Please shorten it.' }
  }
  if (htmlDepth(html) > MARKDOWN_LIMITS.depth) {
    return {
      ok: false,
      error: `This text puts more than ${MARKDOWN_LIMITS.depth} kinds of formatting inside one another. Please simplify it.`,
    }
  }
  return { ok: true, markdown, html }
}

/**
 * What a page shows for Markdown as stored: its rendering, or, where there
 * is none (stored before renderings were kept, or one that could not be
 * made), the text as plain paragraphs. Never runs marked, so a stored text
 * cannot take a page down.
 */
export function htmlToShow(markdown: string, html: string | null): string {
  return html ?? plainParagraphs(markdown)
}

/** The text escaped, its blank lines as paragraph breaks and other line breaks kept. */
export function plainParagraphs(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeText(paragraph).replace(/\r?\n/g, '<br>')}</p>`)
    .join('\n')
}

function escapeText(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
}

/**
 * The line whose start puts the most containers inside one another: each
 * quote marker, each list marker and every two columns of indentation
 * beyond the space a marker needs (a nested list item is indented by two or
 * three). One pass over the text, before marked's work can grow; it may
 * count a level more than marked would. Nesting it cannot see from a line's
 * start (raw HTML, emphasis) is bounded after rendering, by `htmlDepth`.
 */
export function deepestLine(markdown: string): { line: number; depth: number } {
  let deepest = { line: 0, depth: 0 }
  const lines = markdown.split('\n')
  for (const [index, text] of lines.entries()) {
    const depth = lineDepth(text)
    if (depth > deepest.depth) deepest = { line: index + 1, depth }
  }
  return deepest
}

const LIST_MARKER = /^(?:[-*+]|\d{1,9}[.)])(?=[ \t]|$)/

function lineDepth(line: string): number {
  let markers = 0
  let columns = 0
  let at = 0
  while (at < line.length) {
    const char = line[at]!
    if (char === ' ') columns += 1
    else if (char === '\t') columns += 4 - (columns % 4)
    else if (char === '>') {
      markers += 1
      if (line[at + 1] === ' ') at += 1
    } else {
      const marker = LIST_MARKER.exec(line.slice(at, at + 11))
      if (!marker) break
      markers += 1
      at += marker[0].length
      if (line[at] === ' ') at += 1
      continue
    }
    at += 1
  }
  return markers + Math.floor(columns / 2)
}

const VOID_TAGS = new Set(['br', 'hr'])

/** How many elements deep the sanitised HTML goes: its tags are only those SANITIZE keeps. */
function htmlDepth(html: string): number {
  let depth = 0
  let deepest = 0
  for (const [, closing, name] of html.matchAll(/<(\/?)([a-z][a-z0-9]*)/g)) {
    if (VOID_TAGS.has(name!)) continue
    depth += closing ? -1 : 1
    deepest = Math.max(deepest, depth)
  }
  return deepest
}
