import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { expect, test } from 'vitest'

const appDir = path.resolve(import.meta.dirname, '..')
const read = (file: string) => readFile(path.join(appDir, file), 'utf8')

test('the sign-in, upload and delete dialogs wear the shared modal classes, none another feature’s', async () => {
  const dialogs = [
    'features/auth/login-dialog.tsx',
    'features/gallery/upload-dialog.tsx',
    'features/gallery/delete-dialog.tsx',
  ]
  for (const file of dialogs) {
    const source = await read(file)
    expect(source, file).toMatch(/<dialog[^>]*className="modal[ "]/)
    expect(source, file).toContain('modal-panel')
    expect(source, file).toContain('<ModalHeader')
  }
  const css = await read('app.css')
  expect(css).toMatch(/^\s*\.modal \{/m)
  expect(css).not.toMatch(/\.login-(dialog|panel)\b/)
  expect(await read('features/gallery/upload-dialog.tsx')).not.toMatch(/\blogin-/)
})
