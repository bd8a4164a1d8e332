import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TOAST_DURATION, TOAST_REMOVE_DELAY, currentToasts, dismissToast, toast } from './use-toast.ts'

describe('toast store', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('shows at most one toast at a time: a new one replaces the old', () => {
    toast({ title: 'One' })
    const second = toast({ title: 'Error', description: 'There was a problem', variant: 'destructive' })
    expect(currentToasts()).toHaveLength(1)
    expect(currentToasts()[0]).toMatchObject({ id: second.id, title: 'Error', variant: 'destructive', open: true })
  })

  it('keeps a dismissed toast (closed) for 1,000,000 ms, then removes it', () => {
    const t = toast({ title: 'Message Sent!' })
    t.dismiss()
    expect(currentToasts()).toEqual([expect.objectContaining({ id: t.id, open: false })])
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1)
    expect(currentToasts().map((x) => x.id)).toEqual([t.id])
    vi.advanceTimersByTime(1)
    expect(currentToasts()).toEqual([])
    dismissToast(12345) // unknown ids are harmless
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000)
    expect(TOAST_DURATION).toBe(5000)
  })
})
