import { useEffect, type RefObject } from 'react'

/** What a thumb aims at: links, buttons, fields, their labels and the calendar's days. */
const CONTROLS = 'a[href], button, input:not([type="hidden"]), select, textarea, label, [role="gridcell"]'

/** A screen reader's text and the forms' bot traps sit in boxes of a pixel or two: no thumb aims there. */
const MIN_SIDE = 2

/**
 * Marks `target` with `data-aside` while some control outside it lies under the box of `button`
 * at the present scroll position, so the chat steps aside instead of covering what a guest must
 * tap (docs/decisions/0071). Checked at most once a frame, after a scroll, a resize or any change
 * to the page (a calendar month loading, a slot list opening, the phone's menu).
 */
export function useStepAside(button: RefObject<HTMLElement | null>, target: RefObject<HTMLElement | null>) {
  useEffect(() => {
    let frame = 0
    const check = () => {
      frame = 0
      const own = target.current
      const el = button.current
      if (!own || !el) return
      const box = el.getBoundingClientRect()
      const under = [...document.querySelectorAll(CONTROLS)].some((control) => {
        if (own.contains(control)) return false
        const r = control.getBoundingClientRect()
        return r.width > MIN_SIDE && r.height > MIN_SIDE && r.left < box.right && r.right > box.left && r.top < box.bottom && r.bottom > box.top && control.checkVisibility({ visibilityProperty: true })
      })
      own.toggleAttribute('data-aside', under)
    }
    const schedule = () => {
      frame ||= requestAnimationFrame(check)
    }
    schedule()
    addEventListener('scroll', schedule, { passive: true })
    addEventListener('resize', schedule)
    // Not its own data-aside, or each check would schedule the next.
    const changes = new MutationObserver(schedule)
    changes.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['class', 'style', 'hidden', 'open'] })
    return () => {
      cancelAnimationFrame(frame)
      removeEventListener('scroll', schedule)
      removeEventListener('resize', schedule)
      changes.disconnect()
    }
  }, [button, target])
}
