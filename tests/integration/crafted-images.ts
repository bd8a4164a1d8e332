import zlib from 'node:zlib'
import sharp from 'sharp'

/**
 * Pictures made for the photo-library tests: a phone photo with its orientation and location in
 * EXIF, and the hostile files an upload must refuse without harm (tests/integration/media.test.ts).
 */

/** A landscape JPEG stored sideways (EXIF orientation 6: shown turned a quarter), with GPS, camera and owner in its EXIF. */
export async function phonePhoto(width = 1600, height = 1200, seed = 0): Promise<Buffer> {
  // A gradient with a block of colour, so crops and encodings have something to keep.
  const raw = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3
      raw[i] = (x * 255) / width
      raw[i + 1] = (y * 255) / height
      raw[i + 2] = x > width * 0.6 && y < height * 0.3 ? 255 : (seed * 40) % 256
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .withExif({
      IFD0: { Make: 'Phone Maker', Model: 'Phone 15', Artist: 'Guide Person', Copyright: 'Guide Person' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '37/1 8/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '138/1 14/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 85 })
    .toBuffer()
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(zlib.crc32(body))
  return Buffer.concat([length, body, crc])
}

/**
 * A valid 1-bit grey PNG of the given size whose pixels are all black: tiny on disk, enormous once
 * decoded: 20000 × 20000 is a decompression bomb of 400 megapixels in about 50 KB.
 */
export function blackPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([1, 0, 0, 0, 0], 8) // bit depth 1, greyscale, deflate, no filter, no interlace
  const row = Math.ceil(width / 8) + 1 // a filter byte, then the row's bits
  const deflate = zlib.deflateSync(Buffer.alloc(row * height), { level: 9 })
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header), pngChunk('IDAT', deflate), pngChunk('IEND', Buffer.alloc(0))])
}

/** The first bytes of an iPhone HEIC file: the container's brand is all a server sees first. */
export function heicHeader(): Buffer {
  const box = Buffer.alloc(64)
  box.writeUInt32BE(24, 0)
  box.write('ftypheic', 4, 'latin1')
  box.write('mif1heic', 16, 'latin1')
  return box
}
