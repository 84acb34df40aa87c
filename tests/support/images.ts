/**
 * Images for the gallery's tests, made with sharp on the spot. Only tests
 * import this.
 */
import { crc32, deflateSync } from 'node:zlib'
import sharp from 'sharp'

/** A JPEG with some texture, so encoders have real work to do. */
export async function photoJpeg({ width = 1600, height = 1200 } = {}): Promise<Buffer> {
  const stripe = await sharp({
    create: { width: Math.ceil(width / 2), height, channels: 3, background: '#d9435a' },
  })
    .png()
    .toBuffer()
  return sharp({ create: { width, height, channels: 3, background: '#f5d98b' } })
    .composite([{ input: stripe, left: 0, top: 0 }])
    .jpeg({ quality: 90 })
    .toBuffer()
}

/** A PNG whose header claims width × height pixels of zeros: tiny on disk, huge decoded. */
export function pngBomb(width: number, height: number): Buffer {
  // One bit per pixel keeps building it cheap; a decoder still has to
  // allocate every pixel at 8 bits or more.
  const rowBytes = Math.ceil(width / 8) + 1
  const row = Buffer.alloc(rowBytes)
  const rows = Buffer.alloc(rowBytes * height)
  for (let y = 0; y < height; y++) row.copy(rows, y * rowBytes)
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.writeUInt8(1, 8) // bit depth
  ihdr.writeUInt8(0, 9) // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

function pngChunk(type: string, body: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(body.length)
  const typeAndBody = Buffer.concat([Buffer.from(type, 'latin1'), body])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(typeAndBody))
  return Buffer.concat([length, typeAndBody, crc])
}

/** The text hidden in gpsTaggedJpeg's EXIF, to look for in what comes out. */
export const EXIF_MARKER = 'HOME-ADDRESS-MARKER'

/** A phone photo as phones send them: EXIF with the camera's GPS position and an artist tag. */
export async function gpsTaggedJpeg({ width = 640, height = 480 } = {}): Promise<Buffer> {
  return sharp(await photoJpeg({ width, height }))
    .jpeg()
    .withExif({
      IFD0: { Artist: EXIF_MARKER },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '43/1 39/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '79/1 23/1 0/1',
      },
    })
    .toBuffer()
}
