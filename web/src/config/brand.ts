/** Brand and support facts shown across the public pages (spec §1, §9). */
export const BRAND_NAME = 'Hastrekha';
export const BRAND_NAME_DEVANAGARI = 'हस्तरेखा';
export const TAGLINE = 'Your Happiness, in your Hands';

export const SUPPORT_EMAIL = 'support@palmistry.example';
export const SUPPORT_MAILTO = `mailto:${SUPPORT_EMAIL}`;
export const SUPPORT_HOURS = [
  { days: 'Monday – Friday', hours: '9 AM – 6 PM' },
  { days: 'Saturday – Sunday', hours: '10 AM – 4 PM' },
] as const;
export const SUPPORT_HOURS_NOTE = 'Local time';
export const SUPPORT_RESPONSE = 'We reply within 24 hours on business days.';

export const POLICY_LAST_UPDATED = 'July 6, 2025';
