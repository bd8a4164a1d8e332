/** The one 'Pay Now' button of both card forms ('Processing...' while busy). */
export function PayButton({ busy, disabled, amountText }: { busy: boolean; disabled?: boolean; amountText: string }) {
  return (
    <button
      type="submit"
      disabled={busy || disabled}
      aria-describedby="pay-amount"
      className="inline-flex min-h-12 w-full items-center justify-center rounded-full bg-blossom-600 px-6 py-3 text-lg font-semibold text-white hover:bg-blossom-700 disabled:cursor-not-allowed disabled:opacity-70"
    >
      {busy ? 'Processing...' : 'Pay Now'}
      <span id="pay-amount" className="sr-only">
        {amountText}
      </span>
    </button>
  )
}
