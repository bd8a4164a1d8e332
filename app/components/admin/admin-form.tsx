import { useEffect, useRef, useState, type FormHTMLAttributes, type ReactNode } from 'react'
import { useActionData, useFetcher, useLocation } from 'react-router'
import { ADMIN_FORM_FIELD, ADMIN_INTENT_FIELD, type AdminActionData } from '../../lib/admin-form.ts'
import { VIA_SCRIPT, VIA_SCRIPT_FIELD } from '../../lib/form-post.ts'
import { toast } from '../ui/use-toast.ts'

type FormState = { errors: Record<string, string>; busy: boolean }

/**
 * A dashboard form on its route's action (docs/decisions/0088), the client half of the one save
 * pipeline (app/lib/admin-route.server.ts). With script: sent by a fetcher, busy while it goes,
 * a toast when it is saved or refused, the refusal's field errors beside their inputs, and the
 * page's loaders run again, so the tab shows what was saved. Without script: the browser posts
 * the same form, and the page comes back with the saved value, or with the errors.
 */
export function AdminForm<R = unknown>({
  intent,
  formId = intent,
  successTitle,
  successText,
  failTitle,
  onSaved,
  children,
  ...props
}: {
  /** Which of the route action's forms this is (its `intent` field). */
  intent: string
  /** Tells apart forms of one intent on a page (one per row); the intent when there is one. */
  formId?: string
  successTitle: string
  /** The toast's text, or how to write it from what the action returned (the saved row). */
  successText?: string | ((result: R) => string)
  failTitle: string
  /** After a save by script, with what the action returned: a form that goes back to empty. */
  onSaved?: (result: R) => void
  children: (state: FormState) => ReactNode
} & Omit<FormHTMLAttributes<HTMLFormElement>, 'children' | 'action' | 'method' | 'onSubmit' | 'encType'>) {
  const fetcher = useFetcher<AdminActionData>()
  const location = useLocation()
  // A script-free post's refusal comes back as the page's action data.
  const posted = useActionData<AdminActionData>()
  const refused = posted && !posted.ok && posted.formId === formId ? posted : undefined
  const [errors, setErrors] = useState<Record<string, string>>(() => refused?.errors ?? {})
  const [answered, setAnswered] = useState(false)
  // The hidden field that asks for data rather than a redirect, once the script runs (app/lib/form-post.ts).
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])

  // The answer counts once the action has answered, before the page's loaders have run again: a
  // row keyed by its last change (a tour's updatedAt) is a new form after them, and its toast would be lost.
  const handled = useRef<AdminActionData | undefined>(undefined)
  useEffect(() => {
    const answer = fetcher.data
    if (answer === undefined || fetcher.state === 'submitting' || handled.current === answer) return
    handled.current = answer
    setAnswered(true)
    if (answer.ok) {
      setErrors({})
      const result = answer.result as R
      toast({ title: successTitle, description: typeof successText === 'function' ? successText(result) : successText })
      onSaved?.(result)
    } else {
      setErrors(answer.errors)
      toast({ title: failTitle, description: answer.message, variant: 'destructive' })
    }
  }, [fetcher.data, fetcher.state, successTitle, successText, failTitle, onSaved])

  return (
    <fetcher.Form method="post" action={location.pathname + location.search} noValidate {...props}>
      <input type="hidden" name={ADMIN_INTENT_FIELD} value={intent} />
      {formId !== intent ? <input type="hidden" name={ADMIN_FORM_FIELD} value={formId} /> : null}
      {hydrated ? <input type="hidden" name={VIA_SCRIPT_FIELD} value={VIA_SCRIPT} /> : null}
      {refused && !answered ? (
        <p role="alert" className="text-sm text-red-700">
          {refused.message}
        </p>
      ) : null}
      {children({ errors, busy: fetcher.state !== 'idle' })}
    </fetcher.Form>
  )
}
