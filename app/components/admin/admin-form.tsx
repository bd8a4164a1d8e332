import { useCallback, useEffect, useId, useRef, useState, type ButtonHTMLAttributes, type FormHTMLAttributes, type ReactNode, type Ref } from 'react'
import { useActionData, useFetcher, useLocation, useRevalidator, type FetcherWithComponents } from 'react-router'
import { ADMIN_FORM_FIELD, ADMIN_INTENT_FIELD, type AdminActionData } from '../../lib/admin-form.ts'
import { VIA_SCRIPT, VIA_SCRIPT_FIELD } from '../../lib/form-post.ts'
import { Button, type ButtonVariantProps } from '../ui/button.tsx'
import { ConfirmDialog } from '../ui/dialog.tsx'
import { ButtonDisclosure } from '../ui/disclosure.tsx'
import { TypedValues } from '../ui/field.tsx'
import { toast } from '../ui/use-toast.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'

/** What a form shows while it is sent and after: its fields' errors, the refusal's message (for a dialog, where the toast outside is hidden from screen readers), busy. */
type FormState = { errors: Record<string, string>; refusal: string | null; busy: boolean }

/** What the admin is told of a save: a toast when it is saved (none for a change the page shows by itself), and one when it is refused. */
type AnswerOptions<R> = {
  /** The toast's title, or how to write it from what the action returned. */
  successTitle?: string | ((result: R) => string)
  /** The toast's text, or how to write it from what the action returned (the saved row); none when that says nothing to add. */
  successText?: string | ((result: R) => string | undefined)
  failTitle: string
  /** After a save by script, with what the action returned: a form that goes back to empty. */
  onSaved?: (result: R) => void
}

/**
 * The route action's answer to a fetcher, told once: the toasts, the field errors, `onSaved`. It counts
 * once the action has answered, before the page's loaders have run again if React shows that moment,
 * else after them: React may skip the render between the two under load. So a form must outlive the
 * save: a row whose fields start again from each saved version keys the fields, not the form (a new
 * form is a new fetcher, without the answer). A refusal
 * reads the page again too (React Router does not, after a 4xx): a row changed or gone in another
 * tab (a voucher already cancelled) then shows as it is.
 */
function useAnswer<R>(fetcher: FetcherWithComponents<AdminActionData>, { successTitle, successText, failTitle, onSaved }: AnswerOptions<R>, initialErrors: Record<string, string> = {}) {
  const [errors, setErrors] = useState<Record<string, string>>(initialErrors)
  const [refusal, setRefusal] = useState<string | null>(null)
  const [answered, setAnswered] = useState(false)
  const handled = useRef<AdminActionData | undefined>(undefined)
  const { revalidate } = useRevalidator()
  useEffect(() => {
    const answer = fetcher.data
    if (answer === undefined || fetcher.state === 'submitting' || handled.current === answer) return
    handled.current = answer
    setAnswered(true)
    if (answer.ok) {
      setErrors({})
      setRefusal(null)
      const result = answer.result as R
      if (successTitle) toast({ title: typeof successTitle === 'function' ? successTitle(result) : successTitle, description: typeof successText === 'function' ? successText(result) : successText })
      onSaved?.(result)
    } else {
      setErrors(answer.errors)
      setRefusal(answer.message)
      toast({ title: failTitle, description: answer.message, variant: 'destructive' })
      void revalidate()
    }
  }, [fetcher.data, fetcher.state, successTitle, successText, failTitle, onSaved, revalidate])
  return { errors, refusal, answered }
}

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
  ref,
  children,
  ...props
}: {
  /** Which of the route action's forms this is (its `intent` field). */
  intent: string
  /** Tells apart forms of one intent on a page (one per row); the intent when there is one. */
  formId?: string
  /** The form element, for a confirmation dialog outside it that sends it (`requestSubmit`). */
  ref?: Ref<HTMLFormElement>
  /** A form that carries a file (a photo's upload); the action reads it from the same form data. */
  encType?: 'multipart/form-data'
  children: (state: FormState) => ReactNode
} & AnswerOptions<R> &
  // `onSubmit` is a check in the browser first, for comfort: preventing the event keeps the form from being sent.
  Omit<FormHTMLAttributes<HTMLFormElement>, 'children' | 'action' | 'method' | 'encType'>) {
  const fetcher = useFetcher<AdminActionData>()
  const location = useLocation()
  // A script-free post's refusal comes back as the page's action data.
  const posted = useActionData<AdminActionData>()
  const refused = posted && !posted.ok && posted.formId === formId ? posted : undefined
  const { errors, refusal, answered } = useAnswer(fetcher, { successTitle, successText, failTitle, onSaved }, refused?.errors)
  // The hidden field that asks for data rather than a redirect, once the script runs (app/lib/form-post.ts).
  const hydrated = useHydrated()
  const busy = fetcher.state !== 'idle'

  return (
    <fetcher.Form ref={ref} method="post" action={location.pathname + location.search} noValidate aria-busy={busy || undefined} {...props}>
      <input type="hidden" name={ADMIN_INTENT_FIELD} value={intent} />
      {formId !== intent ? <input type="hidden" name={ADMIN_FORM_FIELD} value={formId} /> : null}
      {hydrated ? <input type="hidden" name={VIA_SCRIPT_FIELD} value={VIA_SCRIPT} /> : null}
      {refused && !answered ? (
        <p role="alert" className="text-sm text-red-700">
          {refused.message}
        </p>
      ) : null}
      <TypedValues.Provider value={refused && !answered ? (refused.typed ?? null) : null}>{children({ errors, refusal, busy })}</TypedValues.Provider>
    </fetcher.Form>
  )
}

/**
 * A refusal no field of the form says beside it (a hidden field's, or the form's as a whole), said
 * inside a dialog: the toast outside it is hidden from screen readers while the dialog is modal.
 */
export function FormRefusal({ refusal, errors, hiddenField }: { refusal: string | null; errors: Record<string, string>; hiddenField?: string }) {
  const said = (hiddenField ? errors[hiddenField] : undefined) ?? (Object.keys(errors).length === 0 ? refusal : null)
  return said ? (
    <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-2 text-sm text-red-800">
      {said}
    </p>
  ) : null
}

/**
 * A row's one-button form ('Mark as Read', 'Move up'): the intent, the row's hidden `id` and any
 * other fixed fields, busy while it goes. A change the page shows by itself needs no success toast.
 */
export function RowAction<R = unknown>({
  intent,
  rowId,
  fields = {},
  successTitle,
  successText,
  failTitle,
  children,
  ...button
}: { intent: string; rowId: number; fields?: Record<string, string>; children: ReactNode } & AnswerOptions<R> &
  ButtonVariantProps &
  Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'children' | 'disabled'>) {
  const formId = rowFormId(intent, rowId, fields)
  return (
    <AdminForm<R> intent={intent} formId={formId} successTitle={successTitle} successText={successText} failTitle={failTitle} className="contents">
      {({ busy }) => (
        <>
          <input type="hidden" name="id" value={rowId} />
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Button type="submit" disabled={busy} {...button}>
            {children}
          </Button>
        </>
      )}
    </AdminForm>
  )
}

/** Tells apart one row's forms of one intent on a page: what `RowAction` sends as its form's id. */
const rowFormId = (intent: string, rowId: number, fields: Record<string, string>) => [intent, rowId, ...Object.values(fields)].join('-')

/** The button that asks before a save, as `ConfirmedRowAction` draws it. */
type AskingButton = ButtonVariantProps & { label: ReactNode; 'aria-label'?: string; disabled?: boolean; title?: string }

/**
 * A row's save that asks first (a delete, a revoke): with script, a confirmation dialog whose
 * button sends it by the page's fetcher. Without script the same question opens under a
 * disclosure button, with the row's form of the route's action (`RowAction`); a refusal of that
 * form comes back with the question open, to be read beside it. A removal whose row goes with the
 * answer is sent by `sentBy`, the `submit` of a `useAdminSubmit` above the row, so that the
 * answer is still told once the row is gone.
 */
export function ConfirmedRowAction<R = unknown>({ sentBy, ...props }: AskedRowProps<R> & { sentBy?: (intent: string, fields: Record<string, string>) => unknown }) {
  return sentBy ? <AskedRowAction<R> {...props} send={sentBy} /> : <AskedRowActionSentHere<R> {...props} />
}

type AskedRowProps<R> = {
  intent: string
  rowId: number
  fields?: Record<string, string>
  trigger: AskingButton
  title: string
  description: ReactNode
  confirmLabel: string
} & AnswerOptions<R>

/** A `ConfirmedRowAction` with no `sentBy` sends by its own fetcher, and tells the answer itself. */
function AskedRowActionSentHere<R>(props: AskedRowProps<R>) {
  const { submit } = useAdminSubmit<R>(props)
  return <AskedRowAction<R> {...props} send={submit} />
}

function AskedRowAction<R>({
  intent,
  rowId,
  fields = {},
  trigger,
  title,
  description,
  confirmLabel,
  send,
  ...answer
}: AskedRowProps<R> & { send: (intent: string, fields: Record<string, string>) => unknown }) {
  const posted = useActionData<AdminActionData>()
  const refused = posted !== undefined && !posted.ok && posted.formId === rowFormId(intent, rowId, fields)
  return (
    <AskFirst trigger={trigger} title={title} description={description} confirmLabel={confirmLabel} onConfirm={() => void send(intent, { id: String(rowId), ...fields })} open={refused}>
      <RowAction<R> intent={intent} rowId={rowId} fields={fields} variant="danger" size="md" {...answer}>
        {confirmLabel}
      </RowAction>
    </AskFirst>
  )
}

/**
 * The submit button of a form that asks first (replacing the calendar link, signing out
 * everywhere): with script, a confirmation dialog whose button sends the form `form` names, or
 * runs `onConfirm` (a photo's removal, told above the dialog that goes with it); without, the same
 * question under a disclosure button, with that form's own submit button.
 */
export function ConfirmedSubmit({
  form,
  onConfirm,
  ...question
}: {
  form: string
  onConfirm?: () => void
  trigger: AskingButton
  title: string
  description: ReactNode
  confirmLabel: string
}) {
  return (
    <AskFirst {...question} onConfirm={onConfirm ?? (() => (document.getElementById(form) as HTMLFormElement | null)?.requestSubmit())}>
      <Button type="submit" form={form} variant="danger" size="md">
        {question.confirmLabel}
      </Button>
    </AskFirst>
  )
}

/**
 * A question before a save. With script: a confirmation dialog, whose button runs `onConfirm`.
 * Without: it opens under its button (`<details>`), with `children`, the control that answers it
 * by a plain post; `open` keeps it open, as when that post was refused.
 */
function AskFirst({
  trigger,
  title,
  description,
  confirmLabel,
  onConfirm,
  open = false,
  children,
}: {
  trigger: AskingButton
  title: string
  description: ReactNode
  confirmLabel: string
  onConfirm: () => Promise<unknown> | void
  open?: boolean
  children: ReactNode
}) {
  const hydrated = useHydrated()
  const titleId = useId()
  const { label, variant, size, ...button } = trigger
  if (hydrated || trigger.disabled) {
    return (
      <ConfirmDialog
        trigger={
          <Button variant={variant} size={size} {...button}>
            {label}
          </Button>
        }
        title={title}
        description={description}
        confirmLabel={confirmLabel}
        onConfirm={onConfirm}
      />
    )
  }
  return (
    <ButtonDisclosure label={label} variant={variant} size={size} open={open} summaryLabel={button['aria-label']} title={button.title} className="group">
      <div role="group" aria-labelledby={titleId} className="mt-2 grid max-w-sm gap-2 rounded-md border border-slate-300 bg-white p-3 text-left">
        <p id={titleId} className="font-semibold text-slate-900">
          {title}
        </p>
        <div className="text-sm text-slate-700">{description}</div>
        <div className="flex">{children}</div>
      </div>
    </ButtonDisclosure>
  )
}

/**
 * The same pipeline for a save that is not a form of its own: a confirmation dialog's button, a link
 * that also marks its notification read. `submit(intent, fields)` posts to the page's route action as
 * the form would, and the answer is told the same way.
 */
export function useAdminSubmit<R = unknown>(options: AnswerOptions<R>) {
  const fetcher = useFetcher<AdminActionData>()
  const location = useLocation()
  const { errors } = useAnswer(fetcher, options)
  const action = location.pathname + location.search
  const { submit } = fetcher
  const send = useCallback(
    (intent: string, fields: Record<string, string> = {}) =>
      submit({ ...fields, [ADMIN_INTENT_FIELD]: intent, [VIA_SCRIPT_FIELD]: VIA_SCRIPT }, { method: 'post', action }),
    [submit, action],
  )
  return { submit: send, busy: fetcher.state !== 'idle', errors }
}
