import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { ChosenPhotoItem } from './chosen-photo-item.tsx'
import type { ChosenPhoto } from './chosen-photos.ts'
import type { GalleryImage } from './gallery-image.ts'
import { UploadDialog } from './upload-dialog.tsx'

const noop = () => {}

// One tag a line, so a change reads as the lines it changed.
const lines = (html: string) => html.replaceAll('><', '>\n<')

test('the upload dialog as it opens: nothing chosen yet, the tags in use offered', () => {
  expect(
    lines(
      renderToStaticMarkup(
        <UploadDialog
          tagsInUse={['cakes', 'cookies']}
          onClose={noop}
          onAdded={noop}
          onFinished={noop}
        />,
      ),
    ),
  ).toMatchInlineSnapshot(`
    "<dialog class="modal upload-dialog" aria-labelledby="_R_0_">
    <form class="modal-panel grid gap-5">
    <div class="modal-header">
    <h2 id="_R_0_" class="modal-title">Add a photo</h2>
    <button type="button" class="modal-close" aria-label="Close">
    <span aria-hidden="true">×</span>
    </button>
    </div>
    <label class="drop-zone">
    <span class="font-bold">Choose photos</span>
    <span class="text-center text-sm">Or drop them here: up to 20 at once</span>
    <input type="file" accept="image/*" multiple="" class="sr-only" name="file"/>
    </label>
    <div class="form-field">
    <label for="_R_0H3_" class="form-label">Caption <span class="form-optional">(optional)</span>
    </label>
    <input id="_R_0H3_" type="text" maxLength="200" aria-describedby="_R_0H2_" value=""/>
    <span id="_R_0H2_" class="form-hint">Shown under the photo in the larger view.</span>
    </div>
    <fieldset class="grid gap-3">
    <legend class="form-label">Tags</legend>
    <div class="flex flex-wrap gap-2">
    <label class="tag-option">
    <input type="checkbox" class="sr-only"/>Cake</label>
    <label class="tag-option">
    <input type="checkbox" class="sr-only"/>Birthday</label>
    <label class="tag-option">
    <input type="checkbox" class="sr-only"/>Chocolate</label>
    <label class="tag-option">
    <input type="checkbox" class="sr-only"/>Vanilla</label>
    <label class="tag-option">
    <input type="checkbox" class="sr-only"/>Cake pops</label>
    <label class="tag-option">
    <input type="checkbox" class="sr-only"/>Cupcakes</label>
    <label class="tag-option">
    <input type="checkbox" class="sr-only"/>Strawberry</label>
    <label class="tag-option">
    <input type="checkbox" class="sr-only"/>Wedding</label>
    <label class="tag-option">
    <input type="checkbox" class="sr-only"/>Anniversary</label>
    <label class="tag-option">
    <input type="checkbox" class="sr-only"/>Cakes</label>
    <label class="tag-option">
    <input type="checkbox" class="sr-only"/>Cookies</label>
    </div>
    <div class="flex gap-2">
    <label class="form-field grow">
    <span class="sr-only">New tag</span>
    <input type="text" maxLength="30" placeholder="Add a new tag" value=""/>
    </label>
    <button type="button" class="button-secondary">Add</button>
    </div>
    </fieldset>
    <p role="alert" class="sr-only">
    </p>
    <div class="grid gap-2">
    <button type="submit" class="button-primary" aria-disabled="true" aria-describedby="_R_0H1_">Upload</button>
    <p id="_R_0H1_" class="form-hint text-center">Please select an image file.</p>
    </div>
    </form>
    </dialog>"
  `)
})

const ADDED = { alt: 'A two-tier lemon cake' } as GalleryImage

function item(state: ChosenPhoto['state'], disabled: boolean) {
  const photo: ChosenPhoto = {
    key: 1,
    file: new File([new Uint8Array(3_640_000)], 'lemon-cake.jpg', { type: 'image/jpeg' }),
    previewUrl: 'blob:http://localhost/1',
    alt: 'A lemon cake',
    state,
  }
  return lines(
    renderToStaticMarkup(
      <ol>
        <ChosenPhotoItem photo={photo} disabled={disabled} onAlt={noop} onRemove={noop} />
      </ol>,
    ),
  )
}

test('a chosen photo ready, on its way, added and refused', () => {
  expect(item({ kind: 'ready' }, false)).toMatchInlineSnapshot(`
    "<link rel="preload" as="image" href="blob:http://localhost/1"/>
    <ol>
    <li class="upload-item">
    <img src="blob:http://localhost/1" alt="Preview of lemon-cake.jpg" class="upload-thumbnail"/>
    <div class="grid min-w-0 gap-2">
    <div class="flex items-start justify-between gap-2">
    <span class="min-w-0 text-sm font-bold break-words">lemon-cake.jpg · 3.47 MB</span>
    <button type="button" class="upload-remove" aria-label="Remove lemon-cake.jpg">
    <span aria-hidden="true">×</span>
    </button>
    </div>
    <div class="form-field">
    <label for="_R_0_" class="form-label text-sm">Describe this photo</label>
    <textarea id="_R_0_" rows="2" maxLength="250" aria-required="true" placeholder="e.g. A two-tier lemon cake with white roses" aria-describedby="_R_0H1_">A lemon cake</textarea>
    <span id="_R_0H1_" class="form-hint">Read aloud to people who cannot see it.</span>
    </div>
    </div>
    </li>
    </ol>"
  `)
  expect(item({ kind: 'sending', percent: 42 }, true)).toMatchInlineSnapshot(`
    "<link rel="preload" as="image" href="blob:http://localhost/1"/>
    <ol>
    <li class="upload-item">
    <img src="blob:http://localhost/1" alt="Preview of lemon-cake.jpg" class="upload-thumbnail"/>
    <div class="grid min-w-0 gap-2">
    <div class="flex items-start justify-between gap-2">
    <span class="min-w-0 text-sm font-bold break-words">lemon-cake.jpg · 3.47 MB</span>
    </div>
    <div class="form-field">
    <label for="_R_0_" class="form-label text-sm">Describe this photo</label>
    <textarea id="_R_0_" rows="2" maxLength="250" aria-required="true" disabled="" placeholder="e.g. A two-tier lemon cake with white roses" aria-describedby="_R_0H1_">A lemon cake</textarea>
    <span id="_R_0H1_" class="form-hint">Read aloud to people who cannot see it.</span>
    </div>
    <div class="grid gap-1">
    <progress class="upload-progress" value="42" max="100" aria-label="Upload progress of lemon-cake.jpg">42%</progress>
    <span class="text-sm font-bold">42% sent</span>
    </div>
    </div>
    </li>
    </ol>"
  `)
  expect(item({ kind: 'added', image: ADDED }, true)).toMatchInlineSnapshot(`
    "<link rel="preload" as="image" href="blob:http://localhost/1"/>
    <ol>
    <li class="upload-item">
    <img src="blob:http://localhost/1" alt="Preview of lemon-cake.jpg" class="upload-thumbnail"/>
    <div class="grid min-w-0 gap-2">
    <div class="flex items-start justify-between gap-2">
    <span class="min-w-0 text-sm font-bold break-words">lemon-cake.jpg · 3.47 MB</span>
    </div>
    <p class="status-success text-sm">Added: “A two-tier lemon cake”</p>
    </div>
    </li>
    </ol>"
  `)
  expect(item({ kind: 'refused', message: 'The photo is too large.' }, false))
    .toMatchInlineSnapshot(`
    "<link rel="preload" as="image" href="blob:http://localhost/1"/>
    <ol>
    <li class="upload-item">
    <img src="blob:http://localhost/1" alt="Preview of lemon-cake.jpg" class="upload-thumbnail"/>
    <div class="grid min-w-0 gap-2">
    <div class="flex items-start justify-between gap-2">
    <span class="min-w-0 text-sm font-bold break-words">lemon-cake.jpg · 3.47 MB</span>
    <button type="button" class="upload-remove" aria-label="Remove lemon-cake.jpg">
    <span aria-hidden="true">×</span>
    </button>
    </div>
    <div class="form-field">
    <label for="_R_0_" class="form-label text-sm">Describe this photo</label>
    <textarea id="_R_0_" rows="2" maxLength="250" aria-required="true" placeholder="e.g. A two-tier lemon cake with white roses" aria-describedby="_R_0H1_">A lemon cake</textarea>
    <span id="_R_0H1_" class="form-hint">Read aloud to people who cannot see it.</span>
    </div>
    <p class="status-error text-sm">The photo is too large.</p>
    </div>
    </li>
    </ol>"
  `)
})
