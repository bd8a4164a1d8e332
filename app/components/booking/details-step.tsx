import { Suspense, lazy, type ComponentProps } from 'react'

type DetailsFormModule = typeof import('./details-form.tsx')
type DetailsFormProps = ComponentProps<DetailsFormModule['DetailsForm']>

/**
 * The details form and what only it needs (the meeting points, the booking questions, the price
 * summary: about 8 KB gzip in five files) are fetched when the guest reaches step 2, not
 * with the page, whose first screen is the calendar (docs/decisions/0054). One promise for the
 * page; a failed fetch is forgotten, so the next attempt fetches again.
 */
let detailsFormModule: Promise<DetailsFormModule> | undefined
let loadedModule: DetailsFormModule | undefined
export function loadDetailsForm(): Promise<DetailsFormModule> {
  detailsFormModule ??= import('./details-form.tsx').then(
    (module) => (loadedModule = module),
    (error: unknown) => {
      detailsFormModule = undefined
      throw error
    },
  )
  return detailsFormModule
}

// The server renders step 2 at once, never a fallback: the page is streamed from its shell and
// must work without JavaScript (docs/decisions/0043). So it has the form before it renders any
// page. (No static import of the form here: the browser build would keep its dependencies'
// side effects, and with them their files, in the page's first chunks.)
if (import.meta.env.SSR) await loadDetailsForm()

/**
 * On the server, and when the guest continues from the calendar (the page waits for
 * loadDetailsForm()), the file is already here: a thenable that settles at once lets React render
 * the form in the same pass, where a promise, settled or not, would suspend (on the server, a
 * fallback in the HTML; in the browser, the boundary's fallback for a moment).
 *
 * While hydrating a page the server rendered on step 2, it waits for the file, and React keeps
 * the server's HTML meanwhile (a boundary still dehydrated is not replaced by its fallback), so
 * the form shows and posts as plain HTML until then. If the file cannot be fetched, it keeps
 * waiting rather than fail: the server's form still posts to the route action, as it does
 * without JavaScript.
 */
const LazyDetailsForm = lazy((): Promise<{ default: DetailsFormModule['DetailsForm'] }> => {
  if (loadedModule) {
    const resolved = { default: loadedModule.DetailsForm }
    return { then: (onFulfilled: (value: typeof resolved) => unknown) => onFulfilled(resolved) } as unknown as Promise<typeof resolved>
  }
  return loadDetailsForm().then(
    (module) => ({ default: module.DetailsForm }),
    () => new Promise<never>(() => {}),
  )
})

/**
 * Step 2 of the booking page, the same tree on both sides so that hydration meets what the server
 * rendered. The page moves to step 2 only once loadDetailsForm() has settled
 * (app/routes/booking.tsx), so the fallback is not seen.
 */
export function DetailsStep(props: DetailsFormProps) {
  return (
    <Suspense fallback={null}>
      <LazyDetailsForm {...props} />
    </Suspense>
  )
}
