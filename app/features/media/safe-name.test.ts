import { expect, test } from 'vitest'
import { MAX_SAFE_NAME_LENGTH, safeFileName, storedName } from './safe-name.ts'

test('path tricks in an uploaded name never reach the stored name', () => {
  expect(safeFileName('../../x.js')).toBe('x')
  expect(safeFileName('..\\..\\windows\\evil.jpg')).toBe('evil')
  expect(safeFileName('..')).toBe('photo')
  expect(safeFileName('/etc/passwd')).toBe('passwd')
  expect(safeFileName('.htaccess')).toBe('photo')
  expect(safeFileName('cake\u0000.php.jpg')).toBe('cake-php')
})

test('a friendly name survives in a readable form', () => {
  expect(safeFileName('Strawberry Layer Cake (final).JPG')).toBe('strawberry-layer-cake-final')
  expect(safeFileName('Crème brûlée.png')).toBe('creme-brulee')
  expect(safeFileName('IMG_2041.HEIC.jpeg')).toBe('img-2041-heic')
  expect(safeFileName('')).toBe('photo')
  expect(safeFileName('🎂.jpg')).toBe('photo')
})

test('accented and joined Latin letters are written plainly; emoji are dropped', () => {
  expect(safeFileName("Gâteau d'anniversaire 🎂.jpg")).toBe('gateau-d-anniversaire')
  expect(safeFileName('Bûche de Noël – œufs à la neige.jpg')).toBe('buche-de-noel-oeufs-a-la-neige')
  expect(safeFileName('Straße Smørrebrød Łódź Þórr Æbleskiver.png')).toBe(
    'strasse-smorrebrod-lodz-thorr-aebleskiver',
  )
  expect(safeFileName('ｃａｋｅ①.jpg')).toBe('cake1')
})

test('a 300-character name is cut to a bounded length', () => {
  const name = safeFileName(`${'a'.repeat(300)}.jpg`)
  expect(name).toBe('a'.repeat(MAX_SAFE_NAME_LENGTH))
  expect(safeFileName(`${'ab-'.repeat(100)}.jpg`)).not.toMatch(/-$/)
})

test('the stored name is {timestamp}_{safeName}', () => {
  expect(storedName('My Cake.jpg', 1_763_712_000_000)).toBe('1763712000000_my-cake')
})
