import type { Db } from '#app/db/db.server.ts'
import { FORM_URLENCODED, mediaTypeOf } from '#app/utils/media-type.ts'
import { BodyTooLargeError, readBodyBytes } from '#app/utils/read-body.server.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import { checkSiteFile, exportSiteFile, importSiteFile } from './site-file.server.ts'
import { FILE_FIELD, MAX_SITE_FILE_BYTES, type MovingReply, siteFileName } from './site-file.ts'

/** A form's overhead around the file: its boundaries, headers and the other fields. */
const FORM_OVERHEAD_BYTES = 16 * 1024

/** GET: the download, one JSON file named for the bakery and the day. */
export async function answerSiteFileDownload(db: Db): Promise<Response> {
  const file = await exportSiteFile(db)
  return new Response(`${JSON.stringify(file, null, 2)}\n`, {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${siteFileName(file)}"`,
      'Cache-Control': 'private, no-store',
    },
  })
}

/**
 * The Import form's two steps. `preview`: the chosen file (multipart) is
 * read, bounded and checked; nothing changes, and the page shows what it
 * holds with a Confirm that sends the same text back. `confirm`: the text
 * is checked again (the browser is never trusted) and replaces the site's
 * words, settings, windows and menu in one transaction.
 */
export async function receiveSiteFile({
  request,
  db,
}: {
  request: Request
  db: Db
}): Promise<Reply<MovingReply>> {
  const refuse = (status: number, error: string) => reply<MovingReply>(status, { ok: false, error })
  const tooLarge = `That file is larger than ${MAX_SITE_FILE_BYTES / 1024} KB; a site file from Export is far smaller.`
  let body: Buffer
  try {
    // Urlencoding can triple the text's size on the way back from the preview.
    body = await readBodyBytes(request, MAX_SITE_FILE_BYTES * 3 + FORM_OVERHEAD_BYTES)
  } catch (error) {
    if (error instanceof BodyTooLargeError) return refuse(413, tooLarge)
    throw error
  }
  const contentType = request.headers.get('content-type') ?? ''
  let intent: string | undefined
  let text: string | undefined
  if (mediaTypeOf(contentType) === FORM_URLENCODED) {
    const form = new URLSearchParams(body.toString('utf8'))
    intent = form.get('intent') ?? undefined
    text = form.get(FILE_FIELD) ?? undefined
  } else if (mediaTypeOf(contentType) === 'multipart/form-data') {
    let form: FormData
    try {
      form = await new Response(new Uint8Array(body), {
        headers: { 'content-type': contentType },
      }).formData()
    } catch {
      return refuse(400, 'That upload could not be read. Please choose the file again.')
    }
    intent = String(form.get('intent') ?? '')
    const file = form.get(FILE_FIELD)
    if (file instanceof File) {
      if (file.size === 0) return refuse(400, 'Choose the site file Export saved, then Preview.')
      text = await file.text()
    } else if (typeof file === 'string') {
      text = file
    }
  }
  if (intent !== 'preview' && intent !== 'confirm') {
    return refuse(400, 'That request could not be understood.')
  }
  if (!text) return refuse(400, 'Choose the site file Export saved, then Preview.')
  if (Buffer.byteLength(text) > MAX_SITE_FILE_BYTES) return refuse(413, tooLarge)
  const checked = checkSiteFile(text)
  if (!checked.ok) return refuse(400, checked.error)
  if (intent === 'preview') {
    return reply<MovingReply>(200, {
      ok: true,
      step: 'preview',
      summary: checked.summary,
      fileText: text,
    })
  }
  await importSiteFile(db, checked)
  return reply<MovingReply>(200, { ok: true, step: 'imported', summary: checked.summary })
}
