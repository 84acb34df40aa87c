import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import { readKitchen } from '#app/features/kitchen/kitchen.server.ts'
import {
  type SoldPart,
  madeOfPart,
  readSoldParts,
} from '#app/features/kitchen/orders-to-make.server.ts'
import { readNetWeights, readRecipeUses } from '#app/features/kitchen/recipe-uses.server.ts'
import { BOOKED_STATUSES } from '#app/features/order-status/order-status.ts'
import { bakeryToday } from '#app/utils/dates.ts'
import { type LayoutKey, isLayoutKey } from './label-layouts.ts'
import type { LabelSettingsInput } from './label-settings-form.ts'
import { type Label, type LabelSettings, composeLabel } from './label-text.ts'

const ownTables = tablesFor('labels')

/**
 * The labels of an order or a drop (decision 106). The first time they are
 * made, each thing's label is composed from her recipes and kept; every
 * later print reads what was kept, so a recipe edited afterwards never
 * changes a label already made. A thing sold later (a drop still selling)
 * is composed then and kept beside the others.
 */

export interface LabelCount {
  label: Label
  count: number
}

export type LabelSheet =
  | { ok: true; title: string; labels: LabelCount[] }
  | { ok: false; title: string; problems: string[] }

/** What her labels print beside the recipe's words, and the sheet she prints on. */
export interface StoredLabelSettings extends LabelSettings {
  layout: LayoutKey
  /** Her own yearly sales cap; null reads her region's. */
  salesCapCents: number | null
}

export async function readLabelSettings(db: Db): Promise<StoredLabelSettings> {
  const row = await ownTables(db)
    .selectFrom('label_settings')
    .select(['region', 'permit', 'maker', 'layout', 'sales_cap_cents'])
    .where('id', '=', 1)
    .executeTakeFirst()
  return {
    region: row?.region ?? '',
    permit: row?.permit ?? '',
    maker: row?.maker ?? '',
    layout: row && isLayoutKey(row.layout) ? row.layout : 'avery-5163',
    salesCapCents: row?.sales_cap_cents ?? null,
  }
}

export async function saveLabelSettings(db: Db, settings: LabelSettingsInput): Promise<void> {
  await ownTables(db)
    .updateTable('label_settings')
    .set({
      region: settings.region,
      permit: settings.permit,
      maker: settings.maker,
      layout: settings.layout,
      sales_cap_cents: settings.salesCapCents,
    })
    .where('id', '=', 1)
    .execute()
}

/** An order's labels: one per piece of each thing it holds. Null when there is no such order. */
export async function labelsForOrder(
  db: Db,
  requestId: number,
  now = new Date(),
): Promise<LabelSheet | null> {
  const request = await ownTables(db)
    .selectFrom('order_request')
    .select(['id', 'name'])
    .where('id', '=', requestId)
    .executeTakeFirst()
  if (!request) return null
  const parts = (await readSoldParts(db, [requestId])).get(requestId) ?? []
  return sheetOf(db, { request_id: requestId }, `Labels for ${request.name}`, parts, now)
}

/** A drop's labels: one per piece of each item in its booked orders. Null when there is no such drop. */
export async function labelsForDrop(
  db: Db,
  dropId: number,
  now = new Date(),
): Promise<LabelSheet | null> {
  const drop = await ownTables(db)
    .selectFrom('drop_sale')
    .select(['id', 'name'])
    .where('id', '=', dropId)
    .executeTakeFirst()
  if (!drop) return null
  const sold = await ownTables(db)
    .selectFrom('drop_hold')
    .innerJoin('order_request', 'order_request.id', 'drop_hold.request_id')
    .innerJoin('drop_hold_line', 'drop_hold_line.hold_id', 'drop_hold.id')
    .innerJoin('drop_item', 'drop_item.id', 'drop_hold_line.item_id')
    .select(['drop_item.id', 'drop_item.name', 'drop_item.position'])
    .select((eb) => eb.fn.sum<number | string>('drop_hold_line.quantity').as('count'))
    .where('drop_hold.drop_id', '=', dropId)
    .where('drop_hold.state', '=', 'ordered')
    .where('order_request.status', 'in', BOOKED_STATUSES)
    .groupBy(['drop_item.id', 'drop_item.name', 'drop_item.position'])
    .orderBy('drop_item.position')
    .execute()
  const parts: SoldPart[] = sold.map((item) => ({
    key: `item.${item.id}`,
    count: Number(item.count),
    label: item.name,
    choices: [],
  }))
  return sheetOf(db, { drop_id: dropId }, `Labels for ${drop.name}`, parts, now)
}

/** A label's key in a kept sheet: what is sold with its choices, "treat.3+option.3.size.large". */
const labelKey = (part: SoldPart) => [part.key, ...part.choices].join('+')

type SheetOwner = { request_id: number } | { drop_id: number }

function ownerColumn(owner: SheetOwner) {
  return 'request_id' in owner
    ? (['request_id', owner.request_id] as const)
    : (['drop_id', owner.drop_id] as const)
}

async function sheetOf(
  db: Db,
  owner: SheetOwner,
  title: string,
  parts: readonly SoldPart[],
  now: Date,
): Promise<LabelSheet> {
  if (parts.length === 0) {
    return {
      ok: false,
      title,
      problems: ['Nothing is booked here yet, so there is nothing to label.'],
    }
  }
  const kept = await readKept(db, owner)
  const madeOn = kept?.madeOn ?? bakeryToday(now)
  const labels: Record<string, Label> = { ...kept?.labels }
  const missing = parts.filter((part) => !part.key || !labels[labelKey(part)])
  const problems: string[] = []
  if (missing.length > 0) {
    const [kitchen, uses, nets, settings] = [
      await readKitchen(db),
      await readRecipeUses(db),
      await readNetWeights(db),
      await readLabelSettings(db),
    ]
    for (const part of missing) {
      if (!part.key) {
        problems.push(
          `${part.label}: it is not one of your menu’s treats, so no recipe says what is in it.`,
        )
        continue
      }
      const composed = composeLabel(
        kitchen,
        {
          name: part.label,
          made: madeOfPart(part, uses),
          netGrams: nets.get(part.key) ?? null,
        },
        settings,
        madeOn,
      )
      if (composed.ok) labels[labelKey(part)] = composed.label
      else problems.push(...composed.problems)
    }
    if (problems.length > 0) return { ok: false, title, problems: [...new Set(problems)] }
    await keep(db, owner, madeOn, labels, kept, now)
    // Another print may have kept its labels first: what is kept wins.
    Object.assign(labels, (await readKept(db, owner))?.labels)
  }
  return {
    ok: true,
    title,
    labels: parts.map((part) => ({ label: labels[labelKey(part)]!, count: part.count })),
  }
}

interface Kept {
  madeOn: string
  labels: Record<string, Label>
  text: string
}

async function readKept(db: Db, owner: SheetOwner): Promise<Kept | null> {
  const [column, id] = ownerColumn(owner)
  const row = await ownTables(db)
    .selectFrom('label_sheet')
    .select(['made_on', 'labels'])
    .where(column, '=', id)
    .executeTakeFirst()
  if (!row) return null
  return {
    madeOn: row.made_on,
    labels: JSON.parse(row.labels) as Record<string, Label>,
    text: row.labels,
  }
}

/**
 * Keeps the labels: the first sheet is inserted once (two prints at the
 * same moment keep one); a sheet grown by a newly sold thing is replaced
 * only if no one changed it meanwhile.
 */
async function keep(
  db: Db,
  owner: SheetOwner,
  madeOn: string,
  labels: Record<string, Label>,
  kept: Kept | null,
  now: Date,
) {
  const text = JSON.stringify(labels)
  if (!kept) {
    await ownTables(db)
      .insertInto('label_sheet')
      .values({ ...owner, made_on: madeOn, labels: text, created_at: now.getTime() })
      .onConflict((oc) => oc.column(ownerColumn(owner)[0]).doNothing())
      .execute()
    return
  }
  const [column, id] = ownerColumn(owner)
  await ownTables(db)
    .updateTable('label_sheet')
    .set({ labels: text })
    .where(column, '=', id)
    .where('labels', '=', kept.text)
    .execute()
}
