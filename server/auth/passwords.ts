import crypto from 'node:crypto'
import { hash, verify } from '@node-rs/argon2'

// Argon2id with OWASP's recommended floor: 19 MiB of memory, 2 passes, 1 lane
// (docs/decisions/0003). @node-rs/argon2 is Argon2id by default and ships its native code
// inside npm packages, so nothing is compiled or downloaded at install time.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 }

/** A PHC string ($argon2id$v=19$m=…,t=…,p=…$salt$hash) with a fresh random salt. */
export function hashPassword(password: string): Promise<string> {
  return hash(password.normalize('NFKC'), OPTIONS)
}

/** The cost settings travel in the stored string, so raising them later keeps old hashes valid. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (!stored.startsWith('$argon2')) return false
  try {
    return await verify(stored, password.normalize('NFKC'))
  } catch {
    // A malformed stored value is a failed login, not a server error.
    return false
  }
}

/** A hash to compare against when the username is unknown, so timing does not reveal it. */
let dummyHash: Promise<string> | undefined
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'))
  return dummyHash
}
