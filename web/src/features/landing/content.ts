/** Spec §1: six teasers, each shown for 1.5 s with a 150 ms fade. */
export const TEASER_PHRASES = [
  'the year your wealth peaks',
  'the hidden talents in your hands',
  'the date your career takes off',
  'the turning points of your health',
  'your luckiest year to travel',
  'the secrets of your sex life',
] as const;
export const TEASER_INTERVAL_MS = 1500;
export const TEASER_FADE_MS = 150;

export const STEPS = [
  {
    glyph: '१',
    title: 'Capture your palms',
    text: 'Take or upload a clear photo of your palm — whole hand and wrist in frame, fingers gently apart.',
  },
  {
    glyph: '२',
    title: 'Share your focus',
    text: 'Answer a few short questions and choose what matters most: love, career, health, money or spiritual growth.',
  },
  {
    glyph: '३',
    title: 'Receive wisdom',
    text: 'In under 2 minutes, read a personal reading drawn from the Vedic art of Samudrika Shastra, shown beside your palm.',
  },
] as const;

export const LIFE_AREA_TILES = [
  {
    glyph: 'प्रेम',
    title: 'Love & Relationships',
    text: 'Your Heart Line speaks of how you love, what you long for and the bonds that shape you.',
  },
  {
    glyph: 'कर्म',
    title: 'Career & Purpose',
    text: 'Your Fate Line and the Mount of Saturn hint at your calling, your timing and your rise.',
  },
  {
    glyph: 'धर्म',
    title: 'Spiritual Growth',
    text: 'The mounts and the Mystic Cross reveal your inner compass and the path to peace.',
  },
] as const;

export interface Testimonial {
  name: string;
  role: string;
  content: string;
  rating: number;
  focus: string;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    name: 'Ananya R.',
    role: 'Yoga teacher, Pune',
    content:
      'I expected something generic. Instead it described the restlessness I have carried for years — and why my practice calms it. I have reread it many times.',
    rating: 5,
    focus: 'Spiritual',
  },
  {
    name: 'Marcus L.',
    role: 'Product designer, Berlin',
    content:
      'The career section nudged me towards the move I had been postponing. Whether it is the stars or just good reflection, it helped me decide.',
    rating: 5,
    focus: 'Career',
  },
  {
    name: 'Priya S.',
    role: 'Nurse, Toronto',
    content:
      'Gentle, thoughtful and surprisingly specific about balance and rest. It felt like advice from a wise aunt who actually listens.',
    rating: 5,
    focus: 'Wellness',
  },
];

export const PROMISES = ['Reading in under 2 minutes', 'No credit card', '100% free reading'] as const;
