/** A run of the owner's payment text: plain words, or a web address to make a link of. */
export type TextPart = { text: string } | { text: string; href: string }

const URL_PATTERN = /https?:\/\/[^\s<>"']+/gi
/** A sentence's punctuation after a pasted address is not part of it. */
const TRAILING = /[.,;:!?)\]]+$/

/**
 * Splits the owner's payment instructions into text and links. Only http(s)
 * addresses become links, and only ones the URL parser accepts as such: a
 * javascript: or data: address stays plain text, so the free text cannot
 * put anything but a web page behind a click.
 */
export function paymentTextParts(text: string): TextPart[] {
  const parts: TextPart[] = []
  let last = 0
  for (const match of text.matchAll(URL_PATTERN)) {
    const raw = match[0]
    const address = raw.replace(TRAILING, '')
    const start = match.index
    let href: string | undefined
    try {
      const url = new URL(address)
      if (url.protocol === 'http:' || url.protocol === 'https:') href = url.href
    } catch {
      href = undefined
    }
    if (!href) continue
    if (start > last) parts.push({ text: text.slice(last, start) })
    parts.push({ text: address, href })
    last = start + address.length
  }
  if (last < text.length) parts.push({ text: text.slice(last) })
  return parts
}
