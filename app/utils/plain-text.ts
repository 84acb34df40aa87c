/**
 * Characters that have no business in what a visitor types into a form.
 *
 * C0 and C1 controls (NUL, BEL, ESC, VT, FF, DEL, …) do nothing visible, can
 * upset terminals, logs and mail programs, and only arrive from scripts, so
 * they are refused. Line breaks and tabs are controls too: a form field that
 * allows several lines lets them through.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROLS = /[\u0000-\u001F\u007F-\u009F]/g

/**
 * Bidi overrides, embeddings and isolates (U+202A–U+202E, U+2066–U+2069) and
 * the direction marks (U+200E, U+200F, U+061C). Invisible, yet they reorder
 * what is shown: 'nuts \u202Eeerf-tun\u202C' reads "nuts nut-free". No field
 * anyone reads keeps them.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g

/**
 * The bidi controls and the zero-width characters (U+200B–U+200D, U+2060,
 * U+FEFF): these can also make a name look like another one, e.g. in a
 * Reply-To display name. Free text keeps the zero-width joiner, which emoji
 * such as 👩‍🍳 are made with.
 */
const INVISIBLE_FORMATTING =
  /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B-\u200D\u2060\uFEFF]/g

/** Whether `text` has a control character other than those in `allow` (e.g. '\n\r\t'). */
export function hasControlCharacters(text: string, { allow = '' } = {}): boolean {
  for (const [char] of text.matchAll(CONTROLS)) if (!allow.includes(char)) return true
  return false
}

/** The text with each control character but those in `allow` turned into a space. */
export function controlsAsSpaces(text: string, { allow = '' } = {}): string {
  return text.replace(CONTROLS, (char) => (allow.includes(char) ? char : ' '))
}

/** The text without bidi controls: what every free-text field stores. */
export function removeBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '')
}

/** The text without bidi controls and zero-width characters: what names store. */
export function removeInvisibleFormatting(text: string): string {
  return text.replace(INVISIBLE_FORMATTING, '')
}

/**
 * Text as a field stores it: bidi controls removed (and, for a name, the
 * zero-width characters too), then composed to NFC, so "é" typed as e and a
 * combining accent is the same "é" as a keyboard's, in a search, a
 * comparison or a mail header.
 */
export function toPlainText(text: string, { name = false } = {}): string {
  return (name ? removeInvisibleFormatting(text) : removeBidiControls(text)).normalize('NFC')
}

/**
 * A name that is safe to show in a mail header: no invisible formatting, every
 * control (line breaks included) turned into a space, spaces collapsed.
 */
export function toDisplayName(text: string): string {
  return toPlainText(text, { name: true }).replace(CONTROLS, ' ').replace(/\s+/g, ' ').trim()
}
