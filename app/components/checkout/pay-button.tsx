import { Button } from '../ui/button.tsx'
import { useT } from '../../i18n/i18n.tsx'

/** The one 'Pay Now' button of both card forms ('Processing...' while busy). */
export function PayButton({ busy, disabled, amountText }: { busy: boolean; disabled?: boolean; amountText: string }) {
  const t = useT()
  return (
    <Button
      type="submit"
      size="pillLarge"
      disabled={busy || disabled}
      aria-describedby="pay-amount"
      className="w-full disabled:cursor-not-allowed disabled:opacity-70"
    >
      {busy ? t('checkout.processing') : t('checkout.pay')}
      <span id="pay-amount" className="sr-only">
        {amountText}
      </span>
    </Button>
  )
}
