import { describe, expect, it } from 'vitest'
import { isDatabaseUnavailable } from './errors.ts'

/** Drizzle wraps the driver's error: the code sits on the cause. */
const wrapped = (cause: Error) => Object.assign(new Error('Failed query: select …'), { cause })
const withCode = (code: string, message = 'database error') => Object.assign(new Error(message), { code })

describe('isDatabaseUnavailable (503, not 500: docs/decisions/0025)', () => {
  it.each([
    ['57014 statement timeout (lock waits included)', withCode('57014', 'canceling statement due to statement timeout')],
    ['55P03 lock not available', withCode('55P03', 'could not obtain lock on relation "bookings"')],
    ['3D000 database does not exist', withCode('3D000', 'database "tours" does not exist')],
    ['53300 too many connections', withCode('53300', 'sorry, too many clients already')],
    ['57P01 administrator shutdown', withCode('57P01')],
    ['ECONNREFUSED', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ["the pool's acquisition timeout", new Error('timeout exceeded when trying to connect')],
    ["node-postgres's connection timeout", new Error('Connection terminated due to connection timeout')],
    ["node-postgres's query read timeout", new Error('Query read timeout')],
    // A table dropped under a running instance: unavailable until restored, as health says (docs/decisions/0069).
    ['42P01 relation does not exist', withCode('42P01', 'relation "tour_packages" does not exist')],
  ])('%s, bare and wrapped by Drizzle', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true)
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true)
  })

  it.each([
    ['23505 unique violation', withCode('23505')],
    ['a programming error', new TypeError("Cannot read properties of undefined (reading 'id')")],
  ])('not %s', (_name, error) => {
    expect(isDatabaseUnavailable(wrapped(error))).toBe(false)
  })
})
