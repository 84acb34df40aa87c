import { type RefObject, useEffect, useRef, useState } from 'react'
import type { GalleryImage } from './gallery-image.ts'
import { MAX_PHOTOS_PER_PICK, tidyText } from './upload-fields.ts'

const NO_FILE = 'Please select an image file.'
const NOT_AN_IMAGE = 'Please select a valid image file.'
const NO_TAG = 'Please select at least one tag.'
const NO_ALT = 'Please describe each photo for people who cannot see it.'
const TOO_MANY_PHOTOS = `At most ${MAX_PHOTOS_PER_PICK} photos go in one upload: the first ${MAX_PHOTOS_PER_PICK} are ready to send.`

export type PhotoState =
  | { kind: 'ready' }
  | { kind: 'sending'; percent: number }
  | { kind: 'added'; image: GalleryImage }
  | { kind: 'refused'; message: string }

export interface ChosenPhoto {
  key: number
  file: File
  previewUrl: string
  alt: string
  state: PhotoState
}

/** What still stops the photos waiting from being sent, or null when nothing does. */
export function missingFor(waiting: readonly ChosenPhoto[], chosenTags: readonly string[]) {
  return waiting.length === 0
    ? NO_FILE
    : chosenTags.length === 0
      ? NO_TAG
      : waiting.some((photo) => tidyText(photo.alt) === '')
        ? NO_ALT
        : null
}

/**
 * The photos chosen in the upload dialog (up to MAX_PHOTOS_PER_PICK), each
 * with its preview, its alt text and how its upload went; `choose` takes
 * what the file input or a drop gave and says what it left out.
 */
export function useChosenPhotos(setError: (error: string | null) => void): {
  fileInputRef: RefObject<HTMLInputElement | null>
  photos: ChosenPhoto[]
  update: (key: number, change: Partial<ChosenPhoto>) => void
  choose: (picked: FileList | null | undefined) => void
  remove: (key: number) => void
} {
  const fileInputRef = useRef<HTMLInputElement>(null)
  const [photos, setPhotos] = useState<ChosenPhoto[]>([])
  const nextKey = useRef(0)

  // Each preview's object URL lives as long as its photo is in the list.
  const previews = useRef(new Map<number, string>())
  useEffect(() => {
    const live = new Set(photos.map((photo) => photo.key))
    for (const [key, url] of previews.current) {
      if (!live.has(key)) {
        URL.revokeObjectURL(url)
        previews.current.delete(key)
      }
    }
  }, [photos])
  useEffect(() => {
    const all = previews.current
    return () => all.forEach((url) => URL.revokeObjectURL(url))
  }, [])

  function update(key: number, change: Partial<ChosenPhoto>) {
    setPhotos((all) => all.map((photo) => (photo.key === key ? { ...photo, ...change } : photo)))
  }

  function choose(picked: FileList | null | undefined) {
    setError(null)
    const files = [...(picked ?? [])]
    if (fileInputRef.current) fileInputRef.current.value = ''
    if (files.length === 0) return photos.length === 0 ? setError(NO_FILE) : undefined
    const images = files.filter((file) => file.type.startsWith('image/'))
    const skipped = files.filter((file) => !file.type.startsWith('image/'))
    const room = MAX_PHOTOS_PER_PICK - photos.length
    const taken = images.slice(0, Math.max(0, room))
    const added = taken.map((file): ChosenPhoto => {
      const key = nextKey.current++
      const previewUrl = URL.createObjectURL(file)
      previews.current.set(key, previewUrl)
      return { key, file, previewUrl, alt: '', state: { kind: 'ready' } }
    })
    setPhotos([...photos, ...added])
    if (images.length > taken.length) setError(TOO_MANY_PHOTOS)
    else if (skipped.length > 0 && images.length === 0) setError(NOT_AN_IMAGE)
    else if (skipped.length > 0) {
      setError(`Not a photo, so left out: ${skipped.map((file) => file.name).join(', ')}.`)
    }
  }

  function remove(key: number) {
    setPhotos(photos.filter((photo) => photo.key !== key))
    setError(null)
  }

  return { fileInputRef, photos, update, choose, remove }
}
