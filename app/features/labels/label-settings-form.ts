import { optionalLine, optionalLines } from '#app/utils/form-fields.ts'
import { moneyProblemMessage, readMoney } from '#app/utils/money.ts'
import { isLayoutKey } from './label-layouts.ts'
import { isRegionCode } from './regions.ts'

/**
 * The label settings form as the server reads it: her region, the lines
 * with her business name and address, her permit number and the sheet she
 * prints on. Pure; the browser may load it.
 */

export const LABEL_LIMITS = { maker: 300, makerLines: 4, permit: 120 } as const

/** Above any cottage-food law's cap, with room. */
const MAX_SALES_CAP_DOLLARS = 9_999_999

export interface LabelSettingsInput {
  region: string
  maker: string
  permit: string
  layout: string
  /** Her own yearly sales cap; null reads her region's. */
  salesCapCents: number | null
}

export type ReadLabelSettings =
  { ok: true; value: LabelSettingsInput } | { ok: false; fieldErrors: Record<string, string> }

const makerField = optionalLines('Your name and address', LABEL_LIMITS.maker)
const permitField = optionalLine('Your permit number', LABEL_LIMITS.permit)

export function readLabelSettingsForm(form: Record<string, string>): ReadLabelSettings {
  const errors: Record<string, string> = {}
  const region = form.region ?? ''
  if (region !== '' && !isRegionCode(region)) errors.region = 'Choose your region from the list.'
  const maker = makerField.safeParse(form.maker ?? '')
  if (!maker.success) errors.maker = maker.error.issues[0]!.message
  const makerText = maker.success
    ? maker.data
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean)
        .join('\n')
    : ''
  if (makerText.split('\n').length > LABEL_LIMITS.makerLines) {
    errors.maker = `Your name and address must fit on ${LABEL_LIMITS.makerLines} lines.`
  }
  const permit = permitField.safeParse(form.permit ?? '')
  if (!permit.success) errors.permit = permit.error.issues[0]!.message
  const layout = form.layout ?? ''
  if (!isLayoutKey(layout)) errors.layout = 'Choose the labels you print on from the list.'
  let salesCapCents: number | null = null
  if (form.sales_cap?.trim()) {
    const cap = readMoney(form.sales_cap, MAX_SALES_CAP_DOLLARS)
    if (cap.ok) salesCapCents = cap.cents
    else errors.sales_cap = moneyProblemMessage('Your yearly sales cap', cap, MAX_SALES_CAP_DOLLARS)
  }
  if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors }
  return {
    ok: true,
    value: {
      region,
      maker: makerText,
      permit: (permit.success && permit.data) || '',
      layout,
      salesCapCents,
    },
  }
}
