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
  const safe = withoutExtension
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_SAFE_NAME_LENGTH)
    .replace(/^-+|-+$/g, '')
  return safe || 'photo'
}

/** '{timestamp}_{safeName}', the stored name all of an image's files start with. */
export function storedName(uploadedName: string, timestamp: number): string {
  return `${timestamp}_${safeFileName(uploadedName)}`
}
