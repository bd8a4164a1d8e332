import type { AdminBooking } from '../../../../server/for-app.ts'
import { Button, buttonVariants } from '../../ui/button.tsx'
import { Field, Input } from '../../ui/field.tsx'
import { toast } from '../../ui/use-toast.ts'

/**
 * An unpaid booking's pay link, to copy or send on WhatsApp with the total in the guest's
 * language (docs/decisions/0059): the chat opens with the guest when their phone is a usable
 * WhatsApp number, else WhatsApp asks whom to send it to.
 */
export function PayLink({ booking }: { booking: Pick<AdminBooking, 'id' | 'payUrl' | 'whatsappUrl'> }) {
  const { payUrl, whatsappUrl } = booking
  if (!payUrl) return null
  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url)
      toast({ title: 'Link copied', description: 'The pay link is on the clipboard.' })
    } catch {
      toast({ title: 'Failed to Copy', description: 'Select the link and copy it yourself.', variant: 'destructive' })
    }
  }
  return (
    <div className="grid gap-2">
      <Field id={`pay-link-${booking.id}`} label="Pay link">
        <Input value={payUrl} readOnly onFocus={(e) => e.currentTarget.select()} />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button size="md" variant="brand" onClick={() => copy(payUrl)}>
          Copy link
        </Button>
        {whatsappUrl ? (
          <a href={whatsappUrl} target="_blank" rel="noreferrer" className={buttonVariants({ variant: 'plain', size: 'md' })}>
            Send on WhatsApp
          </a>
        ) : null}
      </div>
    </div>
  )
}
