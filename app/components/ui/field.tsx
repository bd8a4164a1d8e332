import { clsx } from 'clsx'
import { createContext, useContext, useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react'

/**
 * One form field for the whole site (docs/decisions/0035): a label tied to its control, an optional
 * hint and error, both announced through `aria-describedby`, and `aria-invalid` while in error.
 * The control is either a kit control (<Input>, <Select>, <Textarea>) placed inside, which reads
 * the wiring from context, or a function receiving the wiring for a control of its own.
 */
const TONES = {
  /** The dashboard: compact slate text. */
  admin: {
    wrapper: 'grid gap-1',
    label: 'text-sm font-medium text-slate-900',
    hint: 'text-xs text-slate-600',
    error: 'text-sm text-red-700',
    /** Dashboard forms are short: an error is announced the moment it appears. */
    errorRole: 'alert',
    control: 'block w-full min-h-11 rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 aria-[invalid=true]:border-red-700',
  },
  /** The public pages: brand headings, larger rounded controls. */
  public: {
    wrapper: 'grid gap-1.5',
    label: 'font-semibold text-brand-900',
    hint: 'text-sm text-slate-700',
    error: 'text-sm font-semibold text-red-800',
    /** The booking form lists its errors in a summary that is itself announced. */
    errorRole: undefined,
    control:
      'block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-ink shadow-sm placeholder:text-slate-500 focus-visible:border-brand-700 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-blossom-600 aria-[invalid=true]:border-red-700',
  },
} as const

export type FieldTone = keyof typeof TONES

export type FieldControlProps = {
  id: string
  name?: string
  'aria-invalid': boolean | undefined
  'aria-describedby': string | undefined
  className: string
}

const FieldContext = createContext<FieldControlProps | null>(null)

/**
 * What a form was sent with, by field name, when the page comes back refusing it without script:
 * each kit control that keeps its own value shows what was typed again, not the stored value.
 */
export const TypedValues = createContext<Record<string, string> | null>(null)

/** Controls whose value is not text typed in. */
const NOT_TYPED = new Set(['checkbox', 'radio', 'file', 'hidden', 'password'])

export function Field({
  id: givenId,
  name,
  label,
  hint,
  error,
  tone = 'admin',
  className,
  children,
}: {
  /** Defaults to a generated id (the name appended, so it stays readable in the markup). */
  id?: string
  name?: string
  label: ReactNode
  hint?: ReactNode
  error?: string
  tone?: FieldTone
  className?: string
  children: ReactNode | ((control: FieldControlProps) => ReactNode)
}) {
  const generated = useId() + (name ?? '')
  const id = givenId ?? generated
  const styles = TONES[tone]
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const control: FieldControlProps = {
    id,
    name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
    className: styles.control,
  }
  return (
    <div className={clsx(styles.wrapper, className)}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <FieldContext.Provider value={control}>{typeof children === 'function' ? children(control) : children}</FieldContext.Provider>
      {error ? (
        <p id={errorId} className={styles.error} role={styles.errorRole}>
          {error}
        </p>
      ) : null}
    </div>
  )
}

/**
 * The wiring of the surrounding <Field>, merged under the control's own props. A control outside
 * a Field (a filter labelled by its own <label>) takes the dashboard look.
 */
function useFieldControl<P extends { className?: string; name?: string; value?: unknown; defaultValue?: unknown; type?: string }>(props: P) {
  const control = useContext(FieldContext)
  const typed = useContext(TypedValues)
  const merged = control ? { ...control, name: control.name ?? control.id, ...props, className: clsx(control.className, props.className) } : { ...props, className: clsx(TONES.admin.control, props.className) }
  const sent = typed && merged.name !== undefined && merged.value === undefined && !NOT_TYPED.has(merged.type ?? '') ? typed[merged.name] : undefined
  return sent === undefined ? merged : { ...merged, defaultValue: sent }
}

export function Input(props: InputHTMLAttributes<HTMLInputElement>) {
  return <input {...useFieldControl(props)} />
}

export function Textarea(props: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea {...useFieldControl(props)} />
}

/** A native <select>: keyboard, screen readers and phones handle it without a script. */
export function Select(props: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select {...useFieldControl(props)} />
}
