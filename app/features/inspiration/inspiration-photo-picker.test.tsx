import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { InspirationPhotoPicker } from './inspiration-photo-picker.tsx'
import type { QueuedPhoto } from './queued-photo.ts'

const photo = (n: number): QueuedPhoto => ({
  key: `photo${n}`.padEnd(22, 'A'),
  preview: `data:image/webp;base64,UklGR${n}A==`,
})

/** The server-rendered markup, and its opening tags of one kind, in order. */
function render(props: Partial<Parameters<typeof InspirationPhotoPicker>[0]> = {}) {
  const html = renderToStaticMarkup(
    <InspirationPhotoPicker value={[]} onChange={() => undefined} {...props} />,
  )
  const tags = (tag: string) => html.match(new RegExp(`<${tag}\\b[^>]*>`, 'g')) ?? []
  return { html, tags }
}

test('the picker is a labelled file input for images, several at a time, with its hint', () => {
  const { html, tags } = render()
  const [input] = tags('input')
  expect(input).toMatch(/type="file"/)
  expect(input).toMatch(/accept="image\/\*"/)
  expect(input).toMatch(/multiple=""/)
  expect(input).not.toMatch(/disabled/)
  const id = /id="([^"]+)"/.exec(input!)![1]
  expect(html).toContain(
    `<label for="${id}" class="form-label">Inspiration photos<span class="form-optional"> (optional, up to 3)</span></label>`,
  )
  expect(input).toContain(`aria-describedby="${id}-hint"`)
  expect(html).toContain('aria-live="polite"')
})

test('each queued photo shows its preview with a remove button, and posts its key', () => {
  const { html, tags } = render({ value: [photo(1), photo(2)], name: 'photos' })
  expect(tags('img')).toEqual([
    `<img src="${photo(1).preview}" alt="Inspiration 1"/>`,
    `<img src="${photo(2).preview}" alt="Inspiration 2"/>`,
  ])
  expect(html).toContain('aria-label="Remove photo 1"')
  expect(html).toContain('aria-label="Remove photo 2"')
  expect(tags('input').filter((tag) => tag.includes('type="hidden"'))).toEqual([
    `<input type="hidden" name="photos" value="${photo(1).key}"/>`,
    `<input type="hidden" name="photos" value="${photo(2).key}"/>`,
  ])
})

test('with three photos, or while the form is sending, no more can be added', () => {
  const full = render({ value: [photo(1), photo(2), photo(3)] })
  expect(full.tags('input')[0]).toMatch(/disabled=""/)
  expect(full.html).toContain('3 of 3 photos added. Remove one to add another.')
  expect(full.html).not.toMatch(/<button[^>]*disabled/)

  const sending = render({ value: [photo(1)], disabled: true })
  expect(sending.tags('input')[0]).toMatch(/disabled=""/)
  expect(sending.tags('button')[0]).toMatch(/disabled=""/)
})
