/** The four steps, shared by Home (summary) and How It Works (full). */
export const planningSteps = [
  {
    title: 'Get Inspired',
    summary: 'Browse our curated ideas and the places of Joetsu, and note what makes you curious.',
  },
  {
    title: 'Make Contact',
    summary: 'Send a short message with your dates, group and interests. We reply within 24–48 hours.',
  },
  {
    title: 'We Plan Together',
    summary: 'We shape an itinerary with you by e-mail or WhatsApp until it feels just right.',
  },
  {
    title: 'Enjoy Your Day',
    summary: 'Meet your guide at the station or your hotel and enjoy Joetsu like a local.',
  },
] as const
