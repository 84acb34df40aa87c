import type { Db } from '#app/db/db.server.ts'
import { NOT_UNDERSTOOD, readAdminForm } from '#app/utils/admin-form.server.ts'
import { reply, type Reply } from '#app/utils/reply.ts'
import { isLayoutKey } from './label-layouts.ts'
import { renderLabelsPdf } from './label-pdf.server.ts'
import { readLabelSettingsForm } from './label-settings-form.ts'
import { type LabelLine, labelLines } from './label-text.ts'
import {
  type LabelSheet,
  type StoredLabelSettings,
  labelsForDrop,
  labelsForOrder,
  readLabelSettings,
  saveLabelSettings,
} from './labels.server.ts'

/**
 * The labels page: her label settings, and, opened from an order or a drop,
 * its labels as they print, or what she must still tell them.
 */

export interface LabelsView {
  settings: StoredLabelSettings
  /** The order's or drop's labels, when the page was opened from one. */
  sheet:
    | { ok: true; title: string; pdfHref: string; labels: { lines: LabelLine[]; count: number }[] }
    | { ok: false; title: string; problems: string[] }
    | null
  /** Where the page was opened from, to go back to. */
  backTo: { href: string; label: string } | null
}

/** `?order=<id>` or `?drop=<id>`: which sheet the page shows; null for none or nonsense. */
export function sheetAsked(url: URL): { order: number } | { drop: number } | null {
  for (const kind of ['order', 'drop'] as const) {
    const text = url.searchParams.get(kind)
    if (text && /^\d{1,9}$/.test(text))
      return kind === 'order' ? { order: Number(text) } : { drop: Number(text) }
  }
  return null
}

export async function readLabelsView(db: Db, url: URL, now = new Date()): Promise<LabelsView> {
  const settings = await readLabelSettings(db)
  const asked = sheetAsked(url)
  if (!asked) return { settings, sheet: null, backTo: null }
  const [sheet, pdfHref, backTo]: [LabelSheet | null, string, LabelsView['backTo']] =
    'order' in asked
      ? [
          await labelsForOrder(db, asked.order, now),
          `/admin/orders/${asked.order}/labels.pdf`,
          { href: `/admin/orders/${asked.order}`, label: 'Back to the order' },
        ]
      : [
          await labelsForDrop(db, asked.drop, now),
          `/admin/drops/${asked.drop}/labels.pdf`,
          { href: `/admin/drops/${asked.drop}`, label: 'Back to the drop' },
        ]
  if (!sheet) return { settings, sheet: null, backTo: null }
  return {
    settings,
    backTo,
    sheet: sheet.ok
      ? {
          ok: true,
          title: sheet.title,
          pdfHref,
          labels: sheet.labels.map(({ label, count }) => ({ lines: labelLines(label), count })),
        }
      : sheet,
  }
}

export type LabelSettingsAnswer =
  | { ok: true; message: string }
  | { ok: false; errors: Record<string, string>; values: Record<string, string>; error?: string }

/** POST /admin/kitchen/labels: her label settings. */
export async function receiveLabelSettings({
  request,
  db,
}: {
  request: Request
  db: Db
}): Promise<Reply<LabelSettingsAnswer>> {
  const form = await readAdminForm(request)
  if (!form) return reply(400, { ok: false, errors: {}, values: {}, error: NOT_UNDERSTOOD })
  const read = readLabelSettingsForm(form)
  if (!read.ok) return reply(400, { ok: false, errors: read.fieldErrors, values: form })
  await saveLabelSettings(db, read.value)
  return reply(200, {
    ok: true,
    message: 'Saved: labels made from now on print these. Labels already made stay as they were.',
  })
}

/**
 * GET /admin/orders/<id>/labels.pdf and /admin/drops/<id>/labels.pdf: the
 * labels on the sheet she prints on (`?layout=` to choose another for this
 * print). Labels that cannot be made yet send her to the labels page, which
 * names what is missing; 404 for no such order or drop.
 */
export async function labelsPdfResponse(
  db: Db,
  asked: { order: number } | { drop: number },
  url: URL,
  now = new Date(),
): Promise<Response> {
  const sheet =
    'order' in asked
      ? await labelsForOrder(db, asked.order, now)
      : await labelsForDrop(db, asked.drop, now)
  if (!sheet) {
    return new Response('Not found', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    })
  }
  const [kind, id] = 'order' in asked ? ['order', asked.order] : ['drop', asked.drop]
  if (!sheet.ok) {
    return new Response(null, {
      status: 303,
      headers: { Location: `/admin/kitchen/labels?${kind}=${id}` },
    })
  }
  const chosen = url.searchParams.get('layout') ?? ''
  const layout = isLayoutKey(chosen) ? chosen : (await readLabelSettings(db)).layout
  const pdf = await renderLabelsPdf(sheet.labels, layout, { title: sheet.title })
  return new Response(pdf, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="labels-${kind}-${id}.pdf"`,
    },
  })
}
