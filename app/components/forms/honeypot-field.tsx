import type { InputHTMLAttributes } from 'react'

/**
 * The field only form-filling scripts fill in: out of sight and out of the tab order, hidden
 * from assistive technology. The server refuses a submission that has it (`website`) filled.
 */
export function HoneypotField({ id = 'website', ...input }: { id?: string } & Pick<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>) {
  const controlled = input.value !== undefined
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} name="website" type="text" tabIndex={-1} autoComplete="off" {...(controlled ? input : { defaultValue: '' })} />
    </div>
  )
}
