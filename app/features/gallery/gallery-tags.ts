import { site } from '#app/content/site.ts'

/** The longest tag we keep; longer input is refused, not cut. */
export const MAX_TAG_LENGTH = 30
export const MAX_TAGS_PER_IMAGE = 12
export const TOO_MANY_TAGS = `Choose at most ${MAX_TAGS_PER_IMAGE} tags.`
/**
 * The most tags the whole gallery keeps: the bakery's default ones and every
 * tag on a photo. A new tag is welcome until the list is this long, so the
 * filter buttons stay a list a visitor can read.
 */
export const MAX_GALLERY_TAGS = 40
export const TAG_LIST_FULL = `The gallery already has ${MAX_GALLERY_TAGS} tags, the most it keeps. Please choose from them, or take an unused tag off its photos first.`

const TAG_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} -]*$/u

/** A new tag as the owner typed it: trimmed, lower-cased, inner spaces collapsed. */
export function normalizeTag(input: string): string {
  return input.trim().toLowerCase().replace(/\s+/g, ' ')
}

export const TAG_RULE = `A tag is up to ${MAX_TAG_LENGTH} letters, digits, spaces and dashes.`

export function isValidTag(tag: string): boolean {
  return tag.length > 0 && tag.length <= MAX_TAG_LENGTH && TAG_PATTERN.test(tag)
}

/**
 * The filter buttons' order: the bakery's default tags first, in the order
 * the owner listed them, then any other tag in use from A to Z.
 */
export function orderTags(tags: Iterable<string>, defaults = site.defaultGalleryTags): string[] {
  const unique = new Set(tags)
  const known = defaults.filter((tag) => unique.has(tag))
  const others = [...unique]
    .filter((tag) => !defaults.includes(tag))
    .sort((a, b) => a.localeCompare(b, 'en'))
  return [...known, ...others]
}

/** Every tag used by at least one image, in filter order. */
export function tagsInUse(images: readonly { tags: readonly string[] }[]): string[] {
  return orderTags(images.flatMap((image) => image.tags))
}

/** The selected tags from a URL like ?tag=cake&tag=birthday (unknown or repeated ones are harmless). */
export function selectedTagsFrom(searchParams: URLSearchParams): string[] {
  return [...new Set(searchParams.getAll('tag').map(normalizeTag).filter(Boolean))]
}

/** The selection after pressing a tag's button: on if it was off, off if it was on. */
export function toggleTag(selected: readonly string[], tag: string): string[] {
  return selected.includes(tag) ? selected.filter((t) => t !== tag) : [...selected, tag]
}

/** Images with any selected tag; all of them when nothing is selected. */
export function filterByTags<T extends { tags: readonly string[] }>(
  images: readonly T[],
  selected: readonly string[],
): T[] {
  if (selected.length === 0) return [...images]
  return images.filter((image) => image.tags.some((tag) => selected.includes(tag)))
}

/**
 * A tag as people read it: 'cake-pops' is 'Cake pops', 'birthday' is
 * 'Birthday'. Only for showing; the URL and the data keep the tag itself.
 */
export function tagLabel(tag: string): string {
  const words = tag.replace(/-/g, ' ')
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`
}

/** Alt text from the tags, e.g. 'Cake, birthday and chocolate bake by Butter & Bloom'. */
export function describeImage(tags: readonly string[], bakeryName: string): string {
  const words = tags.map((tag) => tag.replace(/-/g, ' '))
  if (words.length === 0) return `A bake by ${bakeryName}`
  const listed =
    words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')} and ${words.at(-1)!}`
  return `${listed.charAt(0).toUpperCase()}${listed.slice(1)} bake by ${bakeryName}`
}

/**
 * What a photo says to a screen reader: her alt text, else her caption,
 * else the sentence from its tags with her bakery's name (as the record's
 * `alt` says it).
 */
export function altOf(
  image: { altText: string | null; caption: string | null; tags: readonly string[] },
  bakeryName: string,
): string {
  return image.altText ?? image.caption ?? describeImage(image.tags, bakeryName)
}
