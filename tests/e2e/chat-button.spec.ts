import { expect, type Page } from '@playwright/test'
import { test } from './test.ts'
import { chooseSlot } from './booking-steps.ts'
import { hydrated } from './hydration.ts'
import { saturdayAhead } from './tour-dates.ts'

// The floating WhatsApp button must never cover a link, a button, a field, a calendar day or
// a word (docs/decisions/0030). The page is scrolled from top to bottom in
// steps; at each step every point of every such thing that shows in the viewport, between the
// sticky header and the chat dock of narrow screens, is asked what the browser would hit
// there. The chat button must never be the answer. The dock of narrow screens is a bar like
// the header: things may pass behind it while scrolling, so each of them must also show in
// full, clear of both bars, at some step (nothing is hidden for good at the end of the page).
//
// And, more strictly, by boxes (docs/decisions/0071): at no step may the box of a visible chat
// button overlap the box of a link, a button, a field, a label or a calendar day, even one that
// passes behind the phones' dock. The button steps aside while one would be under it.
test.use({ reducedMotion: 'reduce' })

const PAGES = ['/', '/about', '/packages', '/explore', '/how-it-works', '/tokyo-day-trip', '/contact', '/booking', '/gift', '/reviews', '/legal', '/privacy', '/no-such-page']

type Scan = { covered: string[]; overlapped: string[]; neverClear: string[]; buttonOffScreen: number }

/** Scrolls the page through and reports what the chat button covers and what never shows clear. */
function scan(page: Page): Promise<Scan> {
  return page.evaluate(async () => {
    const button = document.querySelector<HTMLElement>('[data-chat-button]')
    if (!button) throw new Error('no chat button on the page')
    const dock = document.querySelector<HTMLElement>('[data-chat-dock]')
    const header = document.querySelector<HTMLElement>('header')
    const inChat = (el: Element | null) => !!el && (button.contains(el) || !!dock?.contains(el))

    // Everything a visitor reads or uses: controls, calendar days, and each line of text.
    type Target = { name: string; inHeader: boolean; rects: () => DOMRect[] }
    const targets: Target[] = []
    const describe = (el: Element, text: string) => `${el.tagName.toLowerCase()} "${text.trim().replace(/\s+/g, ' ').slice(0, 40)}"`
    // Screen-reader-only text is clipped away, and the forms' bot traps sit in boxes of a pixel
    // that hide what overflows them: nobody sees them, so nothing can cover them.
    const hiddenInTinyBox = (el: Element) => {
      for (let a: Element | null = el; a; a = a.parentElement) {
        const r = a.getBoundingClientRect()
        const style = getComputedStyle(a)
        if (style.clipPath === 'inset(50%)' || style.clip === 'rect(0px, 0px, 0px, 0px)') return true
        if ((r.width <= 2 || r.height <= 2) && style.overflow !== 'visible') return true
      }
      return false
    }
    const shown = (el: Element) => !inChat(el) && el.checkVisibility({ visibilityProperty: true }) && !hiddenInTinyBox(el)
    for (const el of document.querySelectorAll('a, button, input, select, textarea, [role="gridcell"], td, label')) {
      if (!shown(el)) continue
      const name = describe(el, el.textContent || el.getAttribute('aria-label') || (el as HTMLInputElement).name || '')
      targets.push({ name, inHeader: !!header?.contains(el), rects: () => [el.getBoundingClientRect()] })
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      if (!parent || !node.textContent?.trim() || parent.closest('script, style, noscript') || !shown(parent)) continue
      const range = document.createRange()
      range.selectNodeContents(node)
      targets.push({ name: describe(parent, node.textContent), inHeader: !!header?.contains(parent), rects: () => [...range.getClientRects()] })
    }
    const seen = (r: DOMRect) => r.width > 0 && r.height > 0

    // Every visible control, by its box: what a thumb aims at, whatever lies over it.
    const controls = [...document.querySelectorAll('a[href], button, input:not([type="hidden"]), select, textarea, label, [role="gridcell"]')].filter(shown)
    const overlapped = new Set<string>()
    const covered = new Set<string>()
    // For each target, which of its boxes (a text has one per line) have shown clear so far.
    const clearBoxes = new Map<Target, Set<number>>(targets.map((t) => [t, new Set()]))
    let buttonOffScreen = 0
    const step = Math.max(100, Math.floor(innerHeight / 3))
    const end = document.documentElement.scrollHeight - innerHeight
    for (let y = 0; ; y = Math.min(end, y + step)) {
      scrollTo(0, y)
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(resolve))))
      const belowHeader = header ? Math.max(0, header.getBoundingClientRect().bottom) : 0
      const bottom = dock && dock.getBoundingClientRect().height > 0 ? dock.getBoundingClientRect().top : innerHeight
      const b = button.getBoundingClientRect()
      if (b.top < 0 || b.bottom > innerHeight || b.left < 0 || b.right > innerWidth) buttonOffScreen++
      if (button.checkVisibility({ visibilityProperty: true, opacityProperty: true })) {
        for (const control of controls) {
          const r = control.getBoundingClientRect()
          if (seen(r) && r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top) {
            overlapped.add(`${describe(control, control.textContent || control.getAttribute('aria-label') || '')} at ${Math.round(scrollY)} px`)
          }
        }
      }
      for (const target of targets) {
        const top = target.inHeader ? 0 : belowHeader
        target.rects().forEach((r, i) => {
          if (!seen(r)) return
          let clear = r.top >= top && r.bottom <= bottom && r.left >= 0 && r.right <= innerWidth
          // Points along the middle of the box (a line of text is wide and short), and its corners.
          const xs = [r.left + 2, r.left + r.width / 4, r.left + r.width / 2, r.left + (3 * r.width) / 4, r.right - 2]
          const ys = [r.top + 2, r.top + r.height / 2, r.bottom - 2]
          for (const x of xs) {
            for (const py of ys) {
              if (py < top || py > bottom || x < 0 || x > innerWidth) continue
              if (button.contains(document.elementFromPoint(x, py))) {
                covered.add(target.name)
                clear = false
              }
            }
          }
          if (clear) clearBoxes.get(target)!.add(i)
        })
      }
      if (y >= end) break
    }
    const neverClear = targets.filter((t) => t.rects().some((r, i) => seen(r) && !clearBoxes.get(t)!.has(i))).map((t) => t.name)
    scrollTo(0, 0)
    return { covered: [...covered], overlapped: [...overlapped], neverClear, buttonOffScreen }
  })
}

async function expectClearOfContent(page: Page, what: string) {
  const result = await scan(page)
  expect(result.covered, `${what}: covered by the chat button`).toEqual([])
  expect(result.overlapped, `${what}: under the chat button's box`).toEqual([])
  expect(result.buttonOffScreen, `${what}: steps with the chat button off screen`).toBe(0)
  expect(result.neverClear, `${what}: never shown clear of the header and the chat dock`).toEqual([])
}

for (const viewport of [
  { width: 375, height: 667 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport })

    // One test per page: all thirteen in one test outlasted its time on a busy machine.
    for (const path of PAGES) {
      test(`the chat button covers nothing on ${path}`, async ({ page }) => {
        await page.goto(path)
        await hydrated(page)
        await expectClearOfContent(page, path)
      })
    }

    test('the chat button covers nothing in the booking form', async ({ page }) => {
      await page.goto('/booking')
      await hydrated(page)
      await chooseSlot(page, saturdayAhead(60), /^Morning · 9:00 AM/)
      await expect(page.getByLabel('Full Name')).toBeVisible()
      await expectClearOfContent(page, 'booking details')
    })
  })
}

test('the chat button opens WhatsApp with the guide\'s number, in a new tab', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 667 })
  await page.goto('/about')
  const chat = page.locator('[data-chat-button]')
  await expect(chat).toHaveAccessibleName('Chat on WhatsApp')
  await expect(chat).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+\?text=/)
  await expect(chat).toHaveAttribute('target', '_blank')
  const box = (await chat.boundingBox())!
  // A thumb-sized target.
  expect(box.width).toBeGreaterThanOrEqual(44)
  expect(box.height).toBeGreaterThanOrEqual(44)
})

test('the dock names the guide in the page’s language while the deployment has not given a name', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 })
  for (const [path, words] of [
    ['/', 'Chat with your local guide.'],
    ['/ja/', '地元のガイドとチャットできます。'],
    ['/ko/', '현지 가이드와 채팅하세요.'],
  ] as const) {
    await page.goto(path)
    await expect(page.locator('[data-chat-dock] p')).toContainText(words)
  }
})
