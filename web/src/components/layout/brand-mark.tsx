/** The lotus-in-a-palm emblem; decorative, so hidden from assistive technology. */
export function BrandMark({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="brand-flame" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffc069" />
          <stop offset="1" stopColor="#e07b12" />
        </linearGradient>
      </defs>
      <circle cx="32" cy="32" r="30" fill="#1e1650" stroke="#e8b64c" strokeWidth="2.5" />
      <circle
        cx="32"
        cy="32"
        r="24"
        fill="none"
        stroke="#e8b64c"
        strokeOpacity="0.35"
        strokeDasharray="2 4"
      />
      <path
        d="M32 12c3.4 6.2 9.5 8.6 9.5 16.4a9.5 9.5 0 0 1-19 0C22.5 20.6 28.6 18.2 32 12z"
        fill="url(#brand-flame)"
      />
      <path
        d="M17 39c4.2 6.6 9.4 10.5 15 10.5S42.8 45.6 47 39"
        fill="none"
        stroke="#e8b64c"
        strokeWidth="2.8"
        strokeLinecap="round"
      />
      <path
        d="M24 44.5c2.5 1.5 5.2 2.3 8 2.3"
        fill="none"
        stroke="#e8b64c"
        strokeOpacity="0.6"
        strokeWidth="1.6"
      />
    </svg>
  );
}
