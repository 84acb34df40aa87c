import { useState } from 'react'
import { useRevalidator } from 'react-router'
import type { GalleryImage } from './gallery-image.ts'
import type { GalleryFocus } from './use-gallery-focus.ts'

/** What the page last said about a change, in its status line. */
export interface Notice {
  tone: 'success' | 'error'
  text: string
}

/** A photo and its place in the grid. */
export interface PhotoAt {
  image: GalleryImage
  index: number
}

/**
 * Which of the gallery's dialogs is open (the larger view, delete, edit,
 * upload), what the page last said about a change, and the changes
 * themselves: each reloads the page's data and moves the keyboard on.
 */
export function useGalleryDialogs(focus: GalleryFocus) {
  const revalidator = useRevalidator()
  const [openIndex, setOpenIndex] = useState<number | null>(null)
  const [uploading, setUploading] = useState(false)
  const [notice, setNotice] = useState<Notice | null>(null)
  const [confirming, setConfirming] = useState<PhotoAt | null>(null)
  const [editing, setEditing] = useState<PhotoAt | null>(null)

  async function deleteImage(image: GalleryImage, index: number) {
    setNotice(null)
    try {
      const response = await fetch(`/api/gallery/${image.id}`, { method: 'DELETE' })
      if (!response.ok) throw new Error(`delete answered ${response.status}`)
    } catch {
      setNotice({ tone: 'error', text: 'Error deleting image. Please try again.' })
      return
    }
    setNotice({ tone: 'success', text: 'Image deleted successfully!' })
    focus.focusAfterReload({ index, afterDelete: true })
    await reload()
  }

  /** The edit is closed: the keyboard goes back to the photo it was about. */
  function afterEdit(index: number) {
    setEditing(null)
    focus.focusPhoto(index)
  }

  /** The page's data again; a failure leaves what is shown, which is still right. */
  async function reload() {
    await revalidator.revalidate().catch((error: unknown) => console.warn(error))
  }

  return {
    openIndex,
    uploading,
    notice,
    confirming,
    editing,
    reload,
    showPhoto: setOpenIndex,
    closePhoto: () => setOpenIndex(null),
    /** The larger view gives way to the edit: one dialog at a time. */
    editFromLargerView(image: GalleryImage, index: number) {
      setEditing({ image, index })
      setOpenIndex(null)
    },
    askToDelete: setConfirming,
    cancelDelete: () => setConfirming(null),
    deletePhoto({ image, index }: PhotoAt) {
      setConfirming(null)
      void deleteImage(image, index)
    },
    closeEdit: afterEdit,
    editSaved(image: GalleryImage, index: number) {
      setNotice({ tone: 'success', text: `Photo saved: “${image.alt}”` })
      afterEdit(index)
      void reload()
    },
    startUpload: () => setUploading(true),
    closeUpload: () => setUploading(false),
    uploadFinished(images: GalleryImage[]) {
      setUploading(false)
      setNotice({
        tone: 'success',
        text:
          images.length === 1
            ? `Image uploaded successfully! Compressed by ${images[0]!.compressionRatio}%`
            : `${images.length} photos added to the gallery.`,
      })
    },
  }
}

export type GalleryDialogsState = ReturnType<typeof useGalleryDialogs>
