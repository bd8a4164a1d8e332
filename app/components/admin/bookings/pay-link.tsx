import type { AdminBooking } from '../../../../server/for-app.ts'
import { useT } from '../../../i18n/i18n.tsx'
import { Button, buttonVariants } from '../../ui/button.tsx'
import { Field, Input } from '../../ui/field.tsx'
import { toast } from '../../ui/use-toast.ts'

/**
 * An unpaid booking's pay link, to copy or send on WhatsApp with the total in the guest's
 * language (docs/decisions/0059): the chat opens with the guest when their phone is a usable
 * WhatsApp number, else WhatsApp asks whom to send it to.
 */
export function PayLink({ booking }: { booking: Pick<AdminBooking, 'id' | 'payUrl' | 'whatsappUrl'> }) {
  const t = useT()
  const { payUrl, whatsappUrl } = booking
  if (!payUrl) return null
  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url)
      toast({ title: t('adminBookings.payLink.copied'), description: t('adminBookings.payLink.copiedText') })
    } catch {
      toast({ title: t('adminBookings.payLink.copyFailed'), description: t('adminBookings.payLink.copyFailedText'), variant: 'destructive' })
    }
  }
  return (
    <div className="grid gap-2">
      <Field id={`pay-link-${booking.id}`} label={t('adminBookings.payLink.label')}>
        <Input value={payUrl} readOnly onFocus={(e) => e.currentTarget.select()} />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button size="md" variant="brand" onClick={() => copy(payUrl)}>
          {t('adminBookings.payLink.copy')}
        </Button>
        {whatsappUrl ? (
          <a href={whatsappUrl} target="_blank" rel="noreferrer" className={buttonVariants({ variant: 'plain', size: 'md' })}>
            {t('adminBookings.payLink.whatsapp')}
          </a>
        ) : null}
      </div>
    </div>
  )
}
