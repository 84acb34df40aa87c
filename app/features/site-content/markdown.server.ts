import { Marked } from 'marked'
import sanitizeHtml from 'sanitize-html'

/**
 * The owner's Markdown (/faq, /policies, the order form's policies) as safe
 * HTML, made on the server so the pages cost no JavaScript. marked turns the
 * Markdown into HTML; sanitize-html then keeps only headings, paragraphs,
 * lists, links, emphasis and a few other plain-text tags, and drops
 * everything else: <script>, <style> and <iframe> with what they hold, every
 * on… attribute, and any link that is not http(s), mailto:, tel: or a path
 * of the site (javascript: and data: included). Raw HTML she pastes goes
 * through the same filter.
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

/** Bounded by the schema's 20,000 characters, so rendering is a millisecond's work. */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown) as string
  return sanitizeHtml(html, SANITIZE).trim()
}
