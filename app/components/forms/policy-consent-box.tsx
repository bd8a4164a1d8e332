import { T, useLocalePath } from '../../i18n/i18n.tsx'

const LINK = 'font-semibold text-brand-700 underline underline-offset-2 hover:text-blossom-700'

/**
 * "I accept the cancellation policy and terms" (docs/decisions/0050): the booking form's box, and
 * the checkout's for a booking the guide made (decision 0073). Its field is `acceptPolicy`, which
 * a form sends as 'on' when ticked and not at all when not; the server refuses both forms without it.
 */
export function PolicyConsentBox({ checked, onChange, error }: { checked: boolean; onChange: (checked: boolean) => void; error?: string }) {
  const path = useLocalePath()
  return (
    <div className="grid gap-1.5">
      <div className="flex items-start gap-3">
        <input
          id="acceptPolicy"
          name="acceptPolicy"
          type="checkbox"
          className="mt-0.5 size-6 shrink-0 accent-brand-700"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'acceptPolicy-error' : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        <label htmlFor="acceptPolicy" className="text-slate-800">
          <T
            id="booking.form.consent"
            components={{
              // A new tab, so what the page holds stays in this one.
              0: <a href={`${path('/legal')}#cancellation`} target="_blank" rel="noopener" className={LINK} />,
              1: <a href={path('/legal')} target="_blank" rel="noopener" className={LINK} />,
            }}
          />
        </label>
      </div>
      {error ? (
        <p id="acceptPolicy-error" className="text-sm font-semibold text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  )
}
