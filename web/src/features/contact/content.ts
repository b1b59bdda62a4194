export const HELP_TOPICS = [
  'Palm reading questions',
  'Technical support',
  'Account assistance',
  'Billing inquiries',
  'Refund requests',
  'Feature suggestions',
] as const;

export const RESPONSE_TIMES = [
  { kind: 'General inquiries', time: 'within 24 hours' },
  { kind: 'Technical issues', time: 'within 2-4 hours' },
  { kind: 'Urgent matters', time: 'same day' },
] as const;

export const FAQ = [
  {
    question: 'How accurate are the palm readings?',
    answer:
      'Our readings combine the Vedic tradition of palmistry with AI analysis of your palm lines, mounts and hand shape. They are meant for entertainment and self-reflection rather than as predictions to rely on.',
  },
  {
    question: 'How long does it take to get my reading?',
    answer:
      'Most readings are ready in 1-2 minutes after you upload your photo; at busy times it can take up to about 5 minutes.',
  },
  {
    question: 'Is my data secure?',
    answer:
      'Yes. Everything travels over encrypted connections, palm images are processed temporarily and not permanently stored, and we never sell your information. See our Privacy Policy for details.',
  },
  {
    question: 'Can I get a refund?',
    answer:
      'Paid readings can be refunded within 7 days of purchase for technical issues, billing errors or quality problems. See our Refund Policy for the full conditions.',
  },
  {
    question: 'What if my palm image is not clear?',
    answer:
      'Retake the photo in soft daylight with your whole hand and wrist in the frame and your fingers slightly apart. If a reading still goes wrong, contact us and we will help.',
  },
  {
    question: 'Do you offer readings in other languages?',
    answer: 'Not yet — readings are currently available in English only.',
  },
] as const;
