import { z } from 'zod'
import type { Db } from '#app/db/db.server.ts'
import { giftCardsOn, saveGiftCardsOn } from '#app/features/gift-cards/gift-card-book.server.ts'
import {
  type LabelSettingsInput,
  readLabelSettingsForm,
} from '#app/features/labels/label-settings-form.ts'
import { readLabelSettings, saveLabelSettings } from '#app/features/labels/labels.server.ts'
import {
  type CheckedTaxes,
  type TaxesPart,
  checkTaxesPart,
  exportTaxesPart,
  replaceTaxes,
  taxesPartOutline,
} from '#app/features/taxes/taxes-file.server.ts'
import { writeTextRate } from '#app/features/texts/text-rules.ts'
import { readTextSettingsForm } from '#app/features/texts/text-settings-form.ts'
import { readTextSettings, saveTextSettings } from '#app/features/texts/text-settings.server.ts'
import type { TextSettings } from '#app/features/texts/text-settings.ts'
import { centsToInput } from '#app/utils/money.ts'

/**
 * Her labels' settings (region, name and address, permit, sheet, sales cap),
 * her texts' (quiet hours, rate, monthly limit), her taxes (rates, classes,
 * each treat's class) and whether she sells gift cards, as a site file
 * carries them: each as its Settings page sends it, so an import is checked
 * by the same reading of the same fields. Older files have none, and an
 * import of one keeps this site's. The cards sold stay behind with the
 * orders they pay: only whether the shop is open moves.
 */

export interface SettingsParts {
  labels: Record<'region' | 'maker' | 'permit' | 'layout' | 'sales_cap', string>
  texts: Record<'quiet_from' | 'quiet_to' | 'rate' | 'monthly_cap', string>
  taxes: TaxesPart
  giftCards: { sell: 'on' | 'off' }
}

/** The parts in the file's outline: fields of text, each checked below. */
export const settingsPartsOutline = {
  labels: z.record(z.string(), z.string().max(2_000)).optional(),
  texts: z.record(z.string(), z.string().max(100)).optional(),
  taxes: taxesPartOutline,
  giftCards: z.object({ sell: z.enum(['on', 'off']) }).optional(),
}

export interface CheckedSettingsParts {
  labels: LabelSettingsInput | null
  texts: TextSettings | null
  taxes: CheckedTaxes | null
  giftCardsOn: boolean | null
}

export async function exportSettingsParts(db: Db): Promise<SettingsParts> {
  const labels = await readLabelSettings(db)
  const texts = await readTextSettings(db)
  return {
    taxes: await exportTaxesPart(db),
    giftCards: { sell: (await giftCardsOn(db)) ? 'on' : 'off' },
    labels: {
      region: labels.region,
      maker: labels.maker,
      permit: labels.permit,
      layout: labels.layout,
      sales_cap: labels.salesCapCents === null ? '' : centsToInput(labels.salesCapCents),
    },
    texts: {
      quiet_from: texts.quiet.from,
      quiet_to: texts.quiet.to,
      rate: writeTextRate(texts.rateMilliCents),
      monthly_cap: String(texts.monthlyCap),
    },
  }
}

/** Each part through its form's own reading; the first problem is the answer, naming where. */
export function checkSettingsParts(file: {
  labels?: Record<string, string> | undefined
  texts?: Record<string, string> | undefined
  taxes?: TaxesPart | undefined
  giftCards?: SettingsParts['giftCards'] | undefined
}): { ok: true; parts: CheckedSettingsParts } | { ok: false; error: string } {
  const labels = file.labels === undefined ? null : readLabelSettingsForm(file.labels)
  if (labels && !labels.ok) {
    const [field, message] = Object.entries(labels.fieldErrors)[0]!
    return { ok: false, error: `Label settings (${field}): ${message}` }
  }
  const texts = file.texts === undefined ? null : readTextSettingsForm(file.texts)
  if (texts && !texts.ok) {
    const [field, message] = Object.entries(texts.errors)[0]!
    return { ok: false, error: `Texts settings (${field}): ${message}` }
  }
  const taxes = file.taxes === undefined ? null : checkTaxesPart(file.taxes)
  if (taxes && !taxes.ok) return taxes
  return {
    ok: true,
    parts: {
      labels: labels?.value ?? null,
      texts: texts?.settings ?? null,
      taxes: taxes?.taxes ?? null,
      giftCardsOn: file.giftCards === undefined ? null : file.giftCards.sell === 'on',
    },
  }
}

/** Replaces the parts a file carries, inside the import's transaction; a part it lacks is kept. */
export async function importSettingsParts(db: Db, parts: CheckedSettingsParts): Promise<void> {
  if (parts.labels) await saveLabelSettings(db, parts.labels)
  if (parts.texts) await saveTextSettings(db, parts.texts)
  // After the file's menu is made: its treats are put in their classes by name.
  if (parts.taxes) await replaceTaxes(db, parts.taxes)
  if (parts.giftCardsOn !== null) await saveGiftCardsOn(db, parts.giftCardsOn)
}

/** The later parts a file carries, as the preview names them before she confirms. */
export function partsCarried(file: {
  kitchen?: unknown
  labels?: unknown
  texts?: unknown
  taxes?: unknown
  giftCards?: unknown
}) {
  return [
    ...(file.kitchen === undefined ? [] : ['your kitchen']),
    ...(file.labels === undefined ? [] : ['label settings']),
    ...(file.texts === undefined ? [] : ['texts settings']),
    ...(file.taxes === undefined ? [] : ['taxes']),
    ...(file.giftCards === undefined ? [] : ['whether you sell gift cards']),
  ]
}
