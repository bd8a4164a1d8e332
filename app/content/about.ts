/**
 * The guide's story and the "About Joetsu" text. The guide's
 * name comes from configuration (docs/decisions/0017), never from here: this copy is written so it reads
 * well with any name. The guide should read it and make it their own.
 */
export const guideStory = {
  heading: 'Hello, and welcome to my hometown',
  paragraphs: [
    'I grew up in Joetsu, between the castle moats of Takada and the beaches of the Sea of Japan. I learned to ski on the slopes below Myoko, spent summer evenings at the Gion festival and, like everyone here, still make time every April to walk under the cherry blossoms at night.',
    'Over the years I have shown my town to many friends from abroad, and their reactions never get old: the first sight of the gangi arcades under a metre of snow, the first spoonful of freshly harvested Niigata rice, the moment a shopkeeper who has just met them presses a free sweet into their hand. I started guiding so more travellers could meet Joetsu that way: slowly, personally, with time to talk.',
    'I keep every tour private and small, plan it with you before you arrive, and change it on the day if the weather, your energy or a lucky discovery says so. My job is to make you feel at home, so that you leave as a friend.',
  ],
  loves: [
    'Quiet temple lanes of Teramachi early in the morning',
    'Comparing sake from neighbouring breweries',
    'Sunsets over the Sea of Japan, with Sado Island on the horizon',
    'Hidden cafés in century-old townhouses',
    'The stories of Uesugi Kenshin on Kasugayama',
  ],
}

export const tourPromises = [
  { title: 'Always private', text: 'Only your group and your guide, never strangers or a shared bus.' },
  { title: 'At your pace', text: 'Long lunch, extra photo stops or a nap on the train: the day bends to you.' },
  { title: 'In English', text: 'Everything explained in clear, friendly English, with Japanese when you want to try.' },
  { title: 'Easy meeting point', text: 'We meet at Joetsu-Myoko Station or your hotel in Joetsu.' },
]

export const aboutJoetsu = {
  heading: 'About Joetsu',
  paragraphs: [
    'Joetsu is a city of about 180,000 people on the Sea of Japan coast of Niigata Prefecture, where the rice plains meet the sea and the Myoko mountains rise behind. Joetsu-Myoko Station on the Hokuriku Shinkansen puts it about two hours from Tokyo, yet most international visitors have never heard of it, which is exactly what makes it special.',
    'History runs deep here. In the sixteenth century the warlord Uesugi Kenshin, the “Dragon of Echigo”, ruled from his mountain castle at Kasugayama. In 1614 Takada Castle was built on the plain below, and a castle town grew around it with temples, merchants’ townhouses and the gangi: covered wooden walkways, kilometres of them and said to be the longest in Japan, that keep the streets passable through some of the heaviest snowfall in the country. Skiing first came to Japan here, taught by an Austrian officer in 1911.',
    'Today Takada Park is famous for some 4,000 cherry trees lit by lanterns each April, counted among Japan’s three great night-time blossom views, and for a moat covered in lotus flowers in summer. Naoetsu, the port, sends ferries to Sado Island and brings fresh fish to the city every morning, while the snowmelt feeds the rice fields and the sake breweries. It is a place to eat well, walk slowly and meet people.',
  ],
  seasons: [
    { name: 'Spring', text: 'Cherry blossoms and lantern-lit evenings at Takada Castle, then fresh green rice paddies.' },
    { name: 'Summer', text: 'Lotus on the castle moat, beaches on the Sea of Japan, and the Gion festivals in July.' },
    { name: 'Autumn', text: 'Golden rice harvest, new-season sake and fiery maples in the Myoko highlands.' },
    { name: 'Winter', text: 'Deep snow under the gangi, hot pots and hot springs, and powder skiing nearby.' },
  ],
}
