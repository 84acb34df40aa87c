import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import express, { type RequestHandler } from 'express'
import { GALLERY_FOLDER } from '#app/features/gallery/gallery.server.ts'
import { MEDIA_CACHE_CONTROL, type MediaStore } from '#app/features/media/media-store.server.ts'
import { SITE_PICTURES_FOLDER } from '#app/features/site-content/site-pictures.server.ts'

/**
 * The store's folders that are public. Only these are served: the store also
 * holds customers' private inspiration photos (docs/decisions/019), so /media
 * lists what it may serve rather than what it may not, and a folder added
 * later stays private until it is written here.
 */
export const PUBLIC_MEDIA_FOLDERS: readonly string[] = [GALLERY_FOLDER, SITE_PICTURES_FOLDER]

/** A stored photo's key: a public folder and a plain file name, never a hidden (temporary) one. */
const MEDIA_KEY = new RegExp(
  `^(?:${PUBLIC_MEDIA_FOLDERS.join('|')})\\/[a-z0-9_-][a-z0-9_.-]*$`,
  'i',
)

/**
 * Serves processed photos at /media. Every one was re-encoded by our
 * pipeline and its name changes with every upload, so it is cached for good;
 * `nosniff` keeps a browser from reading it as anything but its type. From
 * the local folder, files are served as files (hidden ones, uploads in
 * progress, never); from a bucket, the object is streamed through. A missing
 * photo is a plain 404, not a page and not an error in the log.
 */
export function serveMedia(store: MediaStore & { root?: string }): RequestHandler {
  const notFound: RequestHandler = (_req, res) => {
    res.status(404).type('text/plain').send('Not found')
  }
  const orNotFound =
    (serve: RequestHandler): RequestHandler =>
    (req, res, next) =>
      serve(req, res, (error?: unknown) => (error ? next(error) : notFound(req, res, next)))
  if (store.kind === 'local' && store.root) {
    // One static handler per public folder, rooted in it: no path, however
    // it climbs (`gallery/../inspiration/…`), reaches outside that folder.
    const files = express.Router()
    for (const folder of PUBLIC_MEDIA_FOLDERS) {
      files.use(
        `/${folder}`,
        express.static(path.join(store.root, folder), {
          index: false,
          dotfiles: 'ignore',
          immutable: true,
          maxAge: '1y',
          setHeaders: (response) => response.setHeader('X-Content-Type-Options', 'nosniff'),
        }),
      )
    }
    return orNotFound(files)
  }
  const objects: RequestHandler = async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    let key: string
    try {
      key = decodeURIComponent(req.path.slice(1))
    } catch {
      return next()
    }
    if (!MEDIA_KEY.test(key)) return next()
    try {
      const object = await store.get(key)
      if (!object) return next()
      if (object.etag && req.headers['if-none-match'] === object.etag) {
        object.body.destroy()
        res.status(304).setHeader('Cache-Control', MEDIA_CACHE_CONTROL).end()
        return
      }
      res.status(200)
      res.setHeader('Content-Type', object.contentType)
      res.setHeader('Cache-Control', MEDIA_CACHE_CONTROL)
      res.setHeader('X-Content-Type-Options', 'nosniff')
      if (object.contentLength !== undefined) res.setHeader('Content-Length', object.contentLength)
      if (object.etag) res.setHeader('ETag', object.etag)
      if (object.lastModified) res.setHeader('Last-Modified', object.lastModified.toUTCString())
      if (req.method === 'HEAD') {
        object.body.destroy()
        res.end()
        return
      }
      await pipeline(object.body, res)
    } catch (error) {
      if (res.headersSent) res.destroy()
      else next(error)
    }
  }
  return orNotFound(objects)
}
