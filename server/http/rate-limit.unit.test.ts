import { describe, expect, it } from 'vitest'
import { RateLimiter } from './rate-limit.ts'

describe('RateLimiter', () => {
  it('allows the limit within a window, refuses the next, and forgets after the window', () => {
    let now = 0
    const limiter = new RateLimiter(3, 60_000, () => now)
    expect([limiter.hit('a'), limiter.hit('a'), limiter.hit('a')]).toEqual([0, 0, 0])
    expect(limiter.hit('a')).toBe(60)
    expect(limiter.hit('b')).toBe(0)
    now = 30_000
    expect(limiter.hit('a')).toBe(30)
    now = 60_000
    expect(limiter.hit('a')).toBe(0)
  })
})
