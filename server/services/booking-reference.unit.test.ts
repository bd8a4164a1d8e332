import { describe, expect, it } from 'vitest'
import { withFreshReference } from './booking-reference.ts'
import { SlotTakenError } from './slot-claims.ts'

// What node-postgres and PGlite throw for a duplicate key: the SQLSTATE in `code`, sometimes under `cause`.
const duplicateReference = () => Object.assign(new Error('duplicate key value violates unique constraint "bookings_reference_key"'), { code: '23505' })

describe('withFreshReference: a booking insert whose random reference was taken is tried again', () => {
  it('tries again with a new draw, at most twice more, then lets the error through', async () => {
    let calls = 0
    expect(await withFreshReference(async () => (++calls < 3 ? Promise.reject(duplicateReference()) : 'booked'))).toBe('booked')
    expect(calls).toBe(3)

    calls = 0
    await expect(withFreshReference(async () => (++calls, Promise.reject({ cause: duplicateReference() })))).rejects.toMatchObject({ cause: { code: '23505' } })
    expect(calls).toBe(3)
  })

  it('never retries a taken slot or another failure', async () => {
    let calls = 0
    await expect(withFreshReference(async () => (++calls, Promise.reject(new SlotTakenError())))).rejects.toBeInstanceOf(SlotTakenError)
    await expect(withFreshReference(async () => (++calls, Promise.reject(Object.assign(new Error('check'), { code: '23514' }))))).rejects.toThrow('check')
    expect(calls).toBe(2)
  })
})
