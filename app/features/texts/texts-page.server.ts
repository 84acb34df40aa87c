import type { Db } from '#app/db/db.server.ts'
import { readLocalSettings } from '#app/features/site-content/site-content.server.ts'
import { NOT_UNDERSTOOD, readAdminForm } from '#app/utils/admin-form.server.ts'
import { writeBakeryMoment } from '#app/utils/dates.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import { recentTexts, sentTextsSince } from './text-queue.server.ts'
import { monthStartIn, textCostCents, textParts, writeTextRate } from './text-rules.ts'
import {
  SAVE_TEXT_SETTINGS,
  type TextSettingsField,
  readTextSettingsForm,
} from './text-settings-form.ts'
import { readTextSettings, saveTextSettings } from './text-settings.server.ts'

/** What Settings › Texts shows: her settings, this month so far, and the latest texts. */
export interface TextsPage {
  values: { quiet_from: string; quiet_to: string; rate: string; monthly_cap: number }
  month: { texts: number; parts: number; costCents: number; cap: number }
  recent: { id: number; kind: string; status: string; when: string; reason: string | null }[]
}

export type TextSettingsResult =
  | { ok: true; intent: typeof SAVE_TEXT_SETTINGS; message: string }
  | {
      ok: false
      intent?: typeof SAVE_TEXT_SETTINGS
      error: string
      errors?: Partial<Record<TextSettingsField, string>>
      values?: Record<string, string>
    }

export async function loadTextsPage(db: Db, now = Date.now()): Promise<TextsPage> {
  const settings = await readTextSettings(db)
  const { timeZone } = await readLocalSettings(db)
  const sent = await sentTextsSince(db, monthStartIn(timeZone, now))
  const parts = sent.reduce((sum, body) => sum + textParts(body), 0)
  const moment = (at: number) =>
    writeBakeryMoment(at, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })
  return {
    values: {
      quiet_from: settings.quiet.from,
      quiet_to: settings.quiet.to,
      rate: writeTextRate(settings.rateMilliCents),
      monthly_cap: settings.monthlyCap,
    },
    month: {
      texts: sent.length,
      parts,
      costCents: textCostCents(parts, settings.rateMilliCents),
      cap: settings.monthlyCap,
    },
    recent: (await recentTexts(db)).map((row) => ({
      id: row.id,
      kind: row.kind,
      status: row.status,
      when: moment(Number(row.sent_at ?? row.created_at)),
      reason: row.status === 'sent' ? null : row.last_error,
    })),
  }
}

/** Her quiet hours, rate and monthly limit, each field checked with its own sentence. */
export async function receiveTextSettings({
  request,
  db,
}: {
  request: Request
  db: Db
}): Promise<Reply<TextSettingsResult>> {
  const form = await readAdminForm(request)
  if (form?.intent !== SAVE_TEXT_SETTINGS) return reply(400, { ok: false, error: NOT_UNDERSTOOD })
  const read = readTextSettingsForm(form)
  if (!read.ok) {
    return reply(400, {
      ok: false,
      intent: SAVE_TEXT_SETTINGS,
      error: 'Some of these could not be saved: see each field.',
      errors: read.errors,
      values: form,
    })
  }
  await saveTextSettings(db, read.settings)
  const { quiet, monthlyCap } = read.settings
  return reply(200, {
    ok: true,
    intent: SAVE_TEXT_SETTINGS,
    message: `Saved: quiet from ${quiet.from} to ${quiet.to}, at most ${monthlyCap} texts a month.`,
  })
}
