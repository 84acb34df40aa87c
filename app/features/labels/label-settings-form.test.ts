import { expect, test } from 'vitest'
import { readLabelSettingsForm } from './label-settings-form.ts'

const FORM = {
  region: 'CA',
  maker: '  Butter & Bloom \r\n\r\n 12 Baker Street, Sacramento CA ',
  permit: 'Registration 12345, Placer County',
  layout: 'thermal-2x1',
  sales_cap: '$160,950',
}

test('her label settings are read as she wrote them, her lines trimmed and her cap in cents', () => {
  expect(readLabelSettingsForm(FORM)).toEqual({
    ok: true,
    value: {
      region: 'CA',
      maker: 'Butter & Bloom\n12 Baker Street, Sacramento CA',
      permit: 'Registration 12345, Placer County',
      layout: 'thermal-2x1',
      salesCapCents: 160_950_00,
    },
  })
  expect(readLabelSettingsForm({ ...FORM, sales_cap: '' })).toMatchObject({
    value: { salesCapCents: null },
  })
})

test('what cannot be taken is said beside its field', () => {
  expect(
    readLabelSettingsForm({
      region: 'Atlantis',
      maker: 'one\ntwo\nthree\nfour\nfive',
      permit: 'x'.repeat(121),
      layout: 'napkin',
      sales_cap: 'lots',
    }),
  ).toEqual({
    ok: false,
    fieldErrors: {
      region: 'Choose your region from the list.',
      maker: 'Your name and address must fit on 4 lines.',
      permit: 'Your permit number must be at most 120 characters.',
      layout: 'Choose the labels you print on from the list.',
      sales_cap: expect.stringMatching(/^Your yearly sales cap /),
    },
  })
})
