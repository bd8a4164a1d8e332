import { Fragment, type ReactElement, type ReactNode, cloneElement, isValidElement } from 'react'
import { Scripts, type ScriptsProps } from 'react-router'

/**
 * React Router's scripts, fetched only once the page has painted its content
 * (docs/decisions/0023). Content pages paint from their server HTML alone; their JavaScript
 * only makes the menu, the carousel and client-side navigation work. Fetched up front, its
 * ~110 KB is downloaded, parsed and run while the phone is still busy with the first paint
 * and the main picture; fetched after them, it is not on their path at all. A tap, click or
 * key press before then starts the fetch at once, so an impatient visitor waits for nothing.
 *
 * How: the same output as `<Scripts>`, except that its module script is rendered inert (a
 * data block of type DEFERRED_MODULE_TYPE carrying the module preloads in an attribute) and
 * a small inline script later inserts it as a real module script, with the preloads, into
 * the <head>. Hydration renders the same elements, so server and browser agree; once
 * hydrated, `<Scripts>` renders nothing and React removes them. The copied script keeps
 * the nonce, and on prerendered pages its text is the same as the data block's, whose hash
 * the Content Security Policy already lists (server/static-files.ts hashes every inline
 * script that is not JSON).
 */
const DEFERRED_MODULE_TYPE = 'application/x-deferred-module'

/**
 * Set on <html> by `<LazyPhotosHold>` while a content page's lazy photos wait for its main
 * pictures to be painted (docs/decisions/0066); app.css hides them meanwhile, so the browser
 * does not fetch them. Without JavaScript it is never set and they load as usual.
 */
const HOLD_ATTRIBUTE = 'data-photos-wait'

/** Inserts the deferred module scripts once; runs in the browser, serialised into the page. */
function startDeferredScripts(type: string, holdAttribute: string) {
  let started = false
  const releasePhotos = () => document.documentElement.removeAttribute(holdAttribute)
  const start = () => {
    if (started) return
    started = true
    // Before the scripts: hydration must find <html> as the server rendered it.
    releasePhotos()
    for (const inert of document.querySelectorAll<HTMLScriptElement>(`script[type="${type}"]`)) {
      for (const href of (inert.dataset.modulepreload ?? '').split(' ').filter(Boolean)) {
        const link = document.createElement('link')
        link.rel = 'modulepreload'
        link.href = href
        document.head.append(link)
      }
      const script = document.createElement('script')
      script.type = 'module'
      script.nonce = inert.nonce ?? ''
      script.textContent = inert.textContent
      document.head.append(script)
    }
  }
  for (const event of ['pointerdown', 'keydown', 'touchstart']) {
    addEventListener(event, start, { once: true, capture: true, passive: true })
  }
  // Two frames after the first contentful paint and the page's main pictures are painted (those fetched
  // with high priority, decision 0021), not after `load`, which also waits for pictures
  // further down. A paint is timed when it reaches the screen, later than any frame
  // callback: only the paint entry tells that it has. A page that never paints (a tab
  // opened in the background) gets its scripts a few seconds after `load` all the same.
  // Every one, even those already complete: complete means fetched, not painted (decision 0023).
  const pictures = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')]
  let waitingFor = pictures.length + 1
  const ready = () => {
    if (--waitingFor > 0) return
    releasePhotos()
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start)))
  }
  // Painted, not only loaded: a photo (AVIF above all) is decoded after it arrives and painted
  // after that, and scripts run meanwhile would delay that paint, the page's largest. Its
  // largest-contentful-paint entry says it has been painted; a picture that is not the largest
  // thing on the page never gets one, so half a second after its decoding is enough.
  const paintedPicture = (img: HTMLImageElement) => {
    let done = false
    let observer: PerformanceObserver | undefined
    const finish = () => {
      if (done) return
      done = true
      observer?.disconnect()
      ready()
    }
    if (PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
      observer = new PerformanceObserver((list) => {
        if (list.getEntries().some((entry) => (entry as PerformanceEntry & { element?: Element | null }).element === img)) finish()
      })
      observer.observe({ type: 'largest-contentful-paint', buffered: true })
    }
    setTimeout(finish, 500)
  }
  for (const img of pictures) img.decode().then(() => paintedPicture(img), ready)
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0
  if (painted() || !PerformanceObserver.supportedEntryTypes?.includes('paint')) ready()
  else {
    const observer = new PerformanceObserver(() => {
      if (!painted()) return
      observer.disconnect()
      ready()
    })
    observer.observe({ type: 'paint' })
  }
  addEventListener('load', () => setTimeout(start, 3000), { once: true })
  // A main picture that never arrives (a stalled connection) holds back `load` as well: the other
  // photos wait for it five seconds at most, as a visitor would not wait longer to see them.
  setTimeout(releasePhotos, 5000)
}

// Server only: the browser never re-renders this text (hydration keeps the server's).
const STARTER = import.meta.env.SSR ? `(${startDeferredScripts.toString()})(${JSON.stringify(DEFERRED_MODULE_TYPE)}, ${JSON.stringify(HOLD_ATTRIBUTE)})` : ''
const HOLD = import.meta.env.SSR ? `document.documentElement.setAttribute(${JSON.stringify(HOLD_ATTRIBUTE)}, '')` : ''
const RELEASE = import.meta.env.SSR ? `document.documentElement.removeAttribute(${JSON.stringify(HOLD_ATTRIBUTE)})` : ''

/**
 * In the <head> of a content page: holds its lazy photos back until the starter of
 * `<DeferredScripts>` releases them, when the page's first paint and main pictures are on the
 * screen (docs/decisions/0066). Before any of the body is laid out, so none is fetched early.
 * React never runs it again: a script React inserts on the client does not execute.
 */
export function LazyPhotosHold({ nonce }: { nonce?: string }) {
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: HOLD }} />
}

type Parts = { module?: string; preloads: string[]; rest: ReactElement[] }

/** Sorts `<Scripts>`' output into its module script, its module preloads and the rest. */
function sortScripts(node: ReactNode, parts: Parts): Parts {
  if (Array.isArray(node)) {
    for (const child of node) sortScripts(child, parts)
  } else if (isValidElement<Record<string, unknown>>(node)) {
    const { props } = node
    if (node.type === Fragment) sortScripts(props.children as ReactNode, parts)
    else if (node.type === 'link' && props.rel === 'modulepreload') parts.preloads.push(String(props.href))
    else if (node.type === 'script' && props.type === 'module' && parts.module === undefined)
      parts.module = (props.dangerouslySetInnerHTML as { __html: string }).__html
    else parts.rest.push(node)
  }
  return parts
}

export function DeferredScripts(props: ScriptsProps) {
  // Called, not rendered, to rewrite its elements: its hooks run as this component's own.
  const scripts = Scripts(props)
  if (scripts === null) return null
  const { module, preloads, rest } = sortScripts(scripts, { preloads: [], rest: [] })
  // A React Router whose output no longer has this shape still gets its scripts, at once, and
  // the photos `<LazyPhotosHold>` held back.
  if (module === undefined)
    return (
      <>
        {scripts}
        <script nonce={props.nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: RELEASE }} />
      </>
    )
  return (
    <>
      {rest.map((element, index) => cloneElement(element, { key: index }))}
      <script
        type={DEFERRED_MODULE_TYPE}
        nonce={props.nonce}
        data-modulepreload={[...new Set(preloads)].join(' ')}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: module }}
      />
      <script nonce={props.nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: STARTER }} />
    </>
  )
}

/**
 * The `handle` of a content page: its scripts wait for its first paint. Pages whose first
 * use needs them at once (the booking flow, the dashboard) leave it out.
 */
export const contentPageHandle = { hydrate: 'after-first-paint' } as const

export function hydratesAfterFirstPaint(matches: ReadonlyArray<{ handle: unknown }>): boolean {
  const page = matches.at(-1)?.handle as Partial<typeof contentPageHandle> | undefined
  return page?.hydrate === 'after-first-paint'
}
