import { expect, test } from 'vitest'
import { buttercream, f, kitchenOf, layerCake, sponge } from '#tests/support/kitchen.ts'
import { pdfText } from '#tests/support/pdf-text.ts'
import { LAYOUTS, type LayoutKey } from './label-layouts.ts'
import { renderLabelsPdf } from './label-pdf.server.ts'
import { type Label, composeLabel, labelLines } from './label-text.ts'

function cakeLabel(region: string): Label {
  const kitchen = kitchenOf(sponge, buttercream, layerCake)
  const ingredients = new Map(kitchen.ingredients)
  ingredients.set(5, { ...ingredients.get(5)!, density: f('0.9') })
  const composed = composeLabel(
    { ...kitchen, ingredients },
    { name: 'Nine-inch layer cake', made: [{ recipeId: 12, batches: f(1) }], netGrams: f(1200) },
    { region, maker: 'Butter & Bloom\n12 Baker Street, Springfield', permit: 'Registration 12345' },
    '2026-12-11',
  )
  if (!composed.ok) throw new Error(composed.problems.join(' '))
  return composed.label
}

/**
 * A PDF's words with its line breaks and spaces run together, and the
 * heading of a continued label taken out, to find a label's words in.
 */
const squeezed = (text: string) => text.replace(/^.* \(continued\)$/gm, '').replace(/\s+/g, '')

test.each(Object.keys(LAYOUTS) as LayoutKey[])(
  'every word of every label prints on %s, each label as often as it is sold',
  async (layout) => {
    const labels = [
      { label: cakeLabel('QC'), count: 2 },
      { label: cakeLabel('CA'), count: 1 },
    ]
    const text = pdfText(await renderLabelsPdf(labels, layout, { title: 'Labels' }))
    for (const { label, count } of labels) {
      for (const line of labelLines(label)) {
        const words = squeezed(line.text)
        expect(squeezed(text).split(words).length - 1, line.text).toBeGreaterThanOrEqual(count)
      }
    }
  },
)

test('a label too long for a 2" × 1" label goes on to the next, marked as continued', async () => {
  const text = pdfText(
    await renderLabelsPdf([{ label: cakeLabel('TX'), count: 1 }], 'thermal-2x1', {
      title: 'Labels',
    }),
  )
  expect(text).toContain('Nine-inch layer cake (continued)')
  // Each of the statement's words prints, in order, on whichever label it falls.
  expect(squeezed(text)).toContain(squeezed(cakeLabel('TX').statement!.en!))
})

test('a hundred labels make one PDF of ten letter sheets', async () => {
  const pdf = await renderLabelsPdf([{ label: cakeLabel('FL'), count: 100 }], 'avery-5163', {
    title: 'Labels',
  })
  const pages =
    Buffer.from(pdf)
      .toString('latin1')
      .match(/\/Type \/Page\b/g) ?? []
  expect(pages).toHaveLength(10)
})
