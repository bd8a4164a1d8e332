/**
 * Public booking references (docs/decisions/0006): what a guest sees and types, never the numeric id.
 *
 * 12 characters of Crockford's base32 (digits and letters without I, L, O, U), so a
 * reference survives being read aloud or copied by hand, is URL-safe as it is, and
 * carries 60 random bits: guessing one live booking among thousands is hopeless.
 */
export const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
export const REFERENCE_LENGTH = 12

const REFERENCE_PATTERN = new RegExp(`^[${REFERENCE_ALPHABET}]{${REFERENCE_LENGTH}}$`)

/** Maps random bytes (at least REFERENCE_LENGTH of them) to a reference; 256 % 32 = 0, so no bias. */
export function referenceFromBytes(bytes: Uint8Array): string {
  if (bytes.length < REFERENCE_LENGTH) throw new RangeError(`Need ${REFERENCE_LENGTH} random bytes, got ${bytes.length}`)
  let out = ''
  for (let i = 0; i < REFERENCE_LENGTH; i++) out += REFERENCE_ALPHABET[bytes[i]! % 32]
  return out
}

/**
 * Normalises what a guest typed or a link carried ('ab12-cd34-ef56', lower case, O for 0)
 * into a reference, or null when it cannot be one. A numeric id is never a reference.
 */
export function normaliseReference(input: unknown): string | null {
  if (typeof input !== 'string') return null
  const s = input.trim().toUpperCase().replace(/[-\s]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1')
  if (/^\d+$/.test(s)) return null
  return REFERENCE_PATTERN.test(s) ? s : null
}

/** Cryptographically strong random bytes (Web Crypto: the same in Node and browsers). */
type RandomBytes = (length: number) => Uint8Array
const webCryptoBytes: RandomBytes = (length) => crypto.getRandomValues(new Uint8Array(length))

/**
 * A fresh reference for a new booking: always one normaliseReference hands back unchanged.
 * A draw of digits only ((10/32)^12, about 1 in 1.15 million) is drawn again: it reads as
 * a numeric id, which never answers (docs/decisions/0006), so the booking could never be found.
 */
export function newReference(randomBytes: RandomBytes = webCryptoBytes): string {
  for (;;) {
    const reference = referenceFromBytes(randomBytes(REFERENCE_LENGTH))
    if (normaliseReference(reference) === reference) return reference
  }
}
