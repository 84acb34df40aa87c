import { Suspense, lazy } from 'react'
import { useSiteWords } from '#app/components/use-site-words.ts'
import type { GalleryImage } from './gallery-image.ts'
import { altOf } from './gallery-tags.ts'
import type { GalleryDialogsState } from './use-gallery-dialogs.ts'

// Both load on first use: visitors who only browse never download them.
const GalleryLightbox = lazy(() =>
  import('./gallery-lightbox.tsx').then(({ GalleryLightbox }) => ({ default: GalleryLightbox })),
)
const UploadDialog = lazy(() =>
  import('./upload-dialog.tsx').then(({ UploadDialog }) => ({ default: UploadDialog })),
)
const EditDialog = lazy(() =>
  import('./edit-dialog.tsx').then(({ EditDialog }) => ({ default: EditDialog })),
)
const DeleteDialog = lazy(() =>
  import('./delete-dialog.tsx').then(({ DeleteDialog }) => ({ default: DeleteDialog })),
)

/** Whichever of the gallery's dialogs is open: the larger view, delete, edit or upload. */
export function GalleryDialogs({
  images,
  tags,
  signedIn,
  dialogs,
}: {
  /** The photos shown, which the larger view steps through. */
  images: GalleryImage[]
  /** Every tag in use, offered when tagging. */
  tags: string[]
  signedIn: boolean
  dialogs: GalleryDialogsState
}) {
  const { identity } = useSiteWords()
  const { openIndex, confirming, editing } = dialogs
  return (
    <>
      {openIndex !== null && images.length > 0 ? (
        <Suspense fallback={null}>
          <GalleryLightbox
            images={images}
            index={Math.min(openIndex, images.length - 1)}
            onIndexChange={dialogs.showPhoto}
            onClose={dialogs.closePhoto}
            onEdit={
              signedIn
                ? (image) => dialogs.editFromLargerView(image, images.indexOf(image))
                : undefined
            }
          />
        </Suspense>
      ) : null}

      {confirming ? (
        <Suspense fallback={null}>
          <DeleteDialog
            image={confirming.image}
            alt={altOf(confirming.image, identity.name)}
            onCancel={dialogs.cancelDelete}
            onDelete={() => dialogs.deletePhoto(confirming)}
          />
        </Suspense>
      ) : null}

      {editing ? (
        <Suspense fallback={null}>
          <EditDialog
            image={editing.image}
            tagsInUse={tags}
            onClose={() => dialogs.closeEdit(editing.index)}
            onSaved={(image) => dialogs.editSaved(image, editing.index)}
          />
        </Suspense>
      ) : null}

      {dialogs.uploading ? (
        <Suspense fallback={null}>
          <UploadDialog
            tagsInUse={tags}
            onClose={dialogs.closeUpload}
            // Each photo shows in the grid as soon as it is in.
            onAdded={() => void dialogs.reload()}
            onFinished={dialogs.uploadFinished}
          />
        </Suspense>
      ) : null}
    </>
  )
}
