import { useId, useState, type FormEvent } from 'react'
import { PayButton } from './pay-button.tsx'
import { useT } from '../../i18n/i18n.tsx'

/**
 * The simulated provider's card form (docs/decisions/0014): clearly a test, no money moves. The number is
 * sent once so the server can decide the outcome (as Stripe's test cards do) and is not
 * kept anywhere: not in the form after submitting, not in the database, not in logs.
 */
export function SimulatedCardForm({ amountText, onPay }: { amountText: string; onPay: (cardNumber: string) => Promise<string | null> }) {
  const id = useId()
  const t = useT()
  const [cardNumber, setCardNumber] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (cardNumber.replace(/\D/g, '').length < 12) {
      setError(t('checkout.card.enterNumber'))
      return
    }
    setBusy(true)
    setError(null)
    const failure = await onPay(cardNumber)
    setBusy(false)
    setError(failure)
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="rounded-lg border-2 border-dashed border-blossom-600 bg-blossom-100 px-4 py-3 text-blossom-700">
        <strong className="block">{t('checkout.card.testTitle')}</strong>
        {t('checkout.card.testText')}
      </p>
      <div>
        <label htmlFor={`${id}-card`} className="block font-semibold text-slate-800">
          {t('checkout.card.number')}
        </label>
        <input
          id={`${id}-card`}
          name="cardNumber"
          inputMode="numeric"
          autoComplete="off"
          placeholder="4242 4242 4242 4242"
          value={cardNumber}
          onChange={(e) => setCardNumber(e.target.value.replace(/[^\d\s]/g, '').slice(0, 23))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-1 block min-h-11 w-full rounded-lg border border-slate-400 px-3 py-2 font-mono text-lg text-slate-900"
        />
        {error ? (
          <p id={`${id}-error`} role="alert" className="mt-2 text-sm font-semibold text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <PayButton busy={busy} amountText={amountText} />
    </form>
  )
}
