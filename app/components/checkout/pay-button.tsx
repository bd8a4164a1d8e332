import { Button } from '../ui/button.tsx'

/** The one 'Pay Now' button of both card forms ('Processing...' while busy). */
export function PayButton({ busy, disabled, amountText }: { busy: boolean; disabled?: boolean; amountText: string }) {
  return (
    <Button
      type="submit"
      size="pillLarge"
      disabled={busy || disabled}
      aria-describedby="pay-amount"
      className="w-full disabled:cursor-not-allowed disabled:opacity-70"
    >
      {busy ? 'Processing...' : 'Pay Now'}
      <span id="pay-amount" className="sr-only">
        {amountText}
      </span>
    </Button>
  )
}
