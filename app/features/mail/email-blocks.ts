/** The blocks a customer's email is made of: a paragraph, a heading, labelled lines, her own words, a link. */
import { EMAIL_COLORS, type Markup, emailButton, emailHeading, markup } from './html.ts'

/** A paragraph of a customer's email: its text and the same words in its HTML. */
export type Block = { text: string; html: Markup }

export function paragraph(text: string): Block {
  return { text, html: markup`<p style="margin:0 0 16px;white-space:pre-wrap">${text}</p>` }
}

export function heading(text: string): Block {
  return { text: `${text}\n${'-'.repeat(text.length)}`, html: emailHeading(text, 2) }
}

/** Labelled amounts or dates, one per line. */
export function lines(rows: readonly (readonly [string, string])[]): Block {
  const c = EMAIL_COLORS
  return {
    text: rows.map(([label, value]) => `${label}: ${value}`).join('\n'),
    html: markup`<div style="margin:0 0 16px;padding:14px 16px;border-radius:14px;background:${c.paper}">${rows.map(
      ([label, value]) =>
        markup`<p style="margin:2px 0;white-space:pre-wrap"><span style="color:${c.muted};font-weight:bold">${label}:</span> ${value}</p>`,
    )}</div>`,
  }
}

/** The owner's own words, set apart so the customer sees they are hers. */
export function quoted(text: string): Block {
  const c = EMAIL_COLORS
  return {
    text: text
      .split('\n')
      .map((line) => `> ${line}`)
      .join('\n'),
    html: markup`<p style="margin:0 0 16px;padding:12px 14px;border-left:4px solid ${c.accent};background:${c.cream};white-space:pre-wrap">${text}</p>`,
  }
}

export function linkBlock(url: string, label: string, lead: string): Block {
  const c = EMAIL_COLORS
  return {
    text: `${lead}\n${url}`,
    html: markup`<p style="margin:0">${lead}</p>${emailButton({ href: url, label })}<p style="margin:0 0 20px;font-size:14px;word-break:break-all"><a href="${url}" style="color:${c.accentDark}">${url}</a></p>`,
  }
}
