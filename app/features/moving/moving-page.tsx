import { Form, Link, useNavigation } from 'react-router'
import { SettingsPageHeading } from '#app/components/settings-page-heading.tsx'
import {
  FILE_FIELD,
  LEFT_OUT,
  MAX_SITE_FILE_BYTES,
  type MovingReply,
  type SiteFileSummary,
} from './site-file.ts'

/** A list of names, shortened past `max`: "Lemon tart, Scones and 8 more". */
function namesOf(names: string[], max = 6): string {
  if (names.length === 0) return 'none'
  const shown = names.slice(0, max).join(', ')
  return names.length > max ? `${shown} and ${names.length - max} more` : shown
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

function Summary({ summary }: { summary: SiteFileSummary }) {
  return (
    <ul className="mt-3 grid gap-2">
      <li>
        <strong>{count(summary.treats.length, 'treat', 'treats')}</strong>:{' '}
        {namesOf(summary.treats)}
      </li>
      <li>
        <strong>{count(summary.pickupWindows, 'pickup window', 'pickup windows')}</strong>, open{' '}
        {count(summary.openWeekdays, 'day', 'days')} a week, with the file’s order policies
      </li>
      <li>
        <strong>Your words</strong>: {summary.sections.join(', ')}
      </li>
      {summary.carries.length > 0 ? (
        <li>
          <strong>Also</strong>: {summary.carries.join(', ')}
        </li>
      ) : null}
    </ul>
  )
}

/** Settings › Move your site: Export, and Import with a preview before anything changes. */
export function MovingPage({ reply }: { reply: MovingReply | undefined }) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const preview = reply?.ok && reply.step === 'preview' ? reply : undefined
  return (
    <section className="page-section max-w-3xl">
      <SettingsPageHeading title="Move your site">
        Take your words, menu and booking settings to a new home for the site, or bring them back.
      </SettingsPageHeading>

      <ExportCard />

      <ImportCard reply={reply} busy={busy} />

      {preview ? <ImportPreview preview={preview} busy={busy} /> : null}
    </section>
  )
}

type Preview = Extract<MovingReply, { ok: true; step: 'preview' }>

/** What the site file holds, and the link that downloads it. */
function ExportCard() {
  return (
    <div className="card mt-6 grid gap-3 p-5">
      <h2 className="section-heading">Export</h2>
      <p>
        One file with your words (name, stories, banner, FAQ), your booking settings and order
        policies, your pickup windows, your menu with its prices and options, your kitchen, your
        label and texts settings, and your taxes.
      </p>
      <p className="form-hint">{LEFT_OUT}</p>
      <p>
        <a href="/admin/settings/moving/export" download className="button-primary inline-block">
          Download your site file
        </a>
      </p>
    </div>
  )
}

/** The file to preview, and what became of the last import: refused, or done. */
function ImportCard({ reply, busy }: { reply: MovingReply | undefined; busy: boolean }) {
  return (
    <div className="card mt-6 grid gap-3 p-5">
      <h2 className="section-heading">Import</h2>
      <p>
        Choose a site file from Export. You see what it holds first; nothing changes until you
        confirm.
      </p>
      <Form method="post" encType="multipart/form-data" className="grid gap-3">
        <input type="hidden" name="intent" value="preview" />
        <div className="form-field">
          <label htmlFor="site-file" className="form-label">
            Site file
          </label>
          <input
            id="site-file"
            name={FILE_FIELD}
            type="file"
            accept=".json,application/json"
            required
            aria-describedby="site-file-hint"
          />
          <p id="site-file-hint" className="form-hint">
            A .json file, at most {MAX_SITE_FILE_BYTES / 1024} KB.
          </p>
        </div>
        <p>
          <button type="submit" className="button-secondary" disabled={busy}>
            Preview
          </button>
        </p>
      </Form>
      <div role="alert" aria-live="polite">
        {reply && !reply.ok ? <p className="status-error">{reply.error}</p> : null}
        {reply?.ok && reply.step === 'imported' ? (
          <div className="status-success">
            <p>
              Imported: {reply.summary.bakeryName}’s words, settings and menu are this site’s now.
            </p>
            <Summary summary={reply.summary} />
          </div>
        ) : null}
      </div>
    </div>
  )
}

/** What the chosen file holds and what confirming it replaces, with Confirm and Cancel. */
function ImportPreview({ preview, busy }: { preview: Preview; busy: boolean }) {
  return (
    <div className="card mt-6 grid gap-3 p-5" aria-labelledby="preview-heading">
      <h2 id="preview-heading" className="section-heading">
        In this file: {preview.summary.bakeryName}
      </h2>
      {preview.summary.exportedAt ? (
        <p className="form-hint">
          Saved {preview.summary.exportedAt.slice(0, 10)} at{' '}
          {preview.summary.exportedAt.slice(11, 16)} UTC.
        </p>
      ) : null}
      <Summary summary={preview.summary} />
      <p className="status-info">
        Confirm replaces this site’s words, booking settings, pickup windows, menu, and the kitchen,
        label and texts settings, taxes and gift card switch the file carries with the file’s, all
        at once. Orders, customers, messages, gift cards sold and photos stay as they are.
      </p>
      <Form method="post" className="flex flex-wrap gap-3">
        <input type="hidden" name="intent" value="confirm" />
        <input type="hidden" name={FILE_FIELD} value={preview.fileText} />
        <button type="submit" className="button-primary" disabled={busy}>
          Confirm: replace with this file
        </button>
        <Link to="/admin/settings/moving" className="button-secondary">
          Cancel
        </Link>
      </Form>
    </div>
  )
}
