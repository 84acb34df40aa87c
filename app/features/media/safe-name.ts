/** The longest name part we keep; the timestamp and variant suffix come on top. */
export const MAX_SAFE_NAME_LENGTH = 60

/**
 * A file name the server can store: derived from what the browser sent, but
 * only lower-case letters, digits and single dashes, so no separator, no
 * dot-dot and no odd character can reach the disk or a URL. The extension is
 * dropped: the server decides the stored formats.
 */
export function safeFileName(uploadedName: string): string {
  const base = uploadedName.split(/[\\/]/).pop() ?? ''
  const withoutExtension = base.replace(/\.[^.]*$/, '')
  const safe = transliterate(withoutExtension)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_SAFE_NAME_LENGTH)
    .replace(/^-+|-+$/g, '')
  return safe || 'photo'
}

/**
 * Latin letters that do not come apart into a base letter and accents
 * (NFKD turns é into e + ´, but œ, ß or ø stay whole), as they are written
 * without them.
 */
const LETTERS: Record<string, string> = {
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ß: 'ss',
  ẞ: 'SS',
  ø: 'o',
  Ø: 'O',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'TH',
  ł: 'l',
  Ł: 'L',
  ı: 'i',
  ħ: 'h',
  Ħ: 'H',
  ŋ: 'ng',
  Ŋ: 'NG',
}

/** Gâteau → Gateau, Bœuf → Boeuf, Straße → Strasse; anything else non-Latin is left for the caller to drop. */
function transliterate(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{ASCII}]/gu, (char) => LETTERS[char] ?? char)
}

/** '{timestamp}_{safeName}', the stored name all of an image's files start with. */
export function storedName(uploadedName: string, timestamp: number): string {
  return `${timestamp}_${safeFileName(uploadedName)}`
}
