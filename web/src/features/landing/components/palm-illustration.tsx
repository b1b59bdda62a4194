/** Decorative hero art: an open palm with its major lines inside a mandala. */
export function PalmIllustration() {
  return (
    <svg className="palm-illustration" viewBox="0 0 320 400" aria-hidden="true" focusable="false">
      <defs>
        <radialGradient id="palm-glow" cx="50%" cy="55%" r="50%">
          <stop offset="0" stopColor="#f39c2a" stopOpacity="0.35" />
          <stop offset="1" stopColor="#f39c2a" stopOpacity="0" />
        </radialGradient>
        <linearGradient id="palm-skin" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fbefd0" stopOpacity="0.2" />
          <stop offset="1" stopColor="#e8b64c" stopOpacity="0.12" />
        </linearGradient>
      </defs>
      <circle cx="160" cy="215" r="160" fill="url(#palm-glow)" />
      <g fill="none" stroke="#e8b64c" strokeOpacity="0.3">
        <circle cx="160" cy="215" r="150" strokeDasharray="2 6" />
        <circle cx="160" cy="215" r="128" />
        <circle cx="160" cy="215" r="104" strokeDasharray="1 4" />
      </g>
      <g fill="url(#palm-skin)" stroke="#ecc66a" strokeWidth="2" strokeLinejoin="round">
        <path d="M96 200 V96 a16 16 0 0 1 32 0 V176 V72 a16 16 0 0 1 32 0 V176 V84 a16 16 0 0 1 32 0 V180 V118 a15 15 0 0 1 30 0 V236 c0 58-30 96-78 96 s-66-22-84-52 l-38-62 a16 16 0 0 1 26-18 l30 34 Z" />
      </g>
      <g fill="none" stroke="#f9a53a" strokeWidth="3" strokeLinecap="round">
        <path d="M216 214 c-26 4-52 0-84 14" />
        <path d="M208 246 c-30 -4-58 0-92 -6" opacity="0.9" />
        <path d="M132 196 c-10 36-6 80 22 120" />
        <path d="M172 320 c-2 -34 -2 -62 4 -96" strokeOpacity="0.7" strokeWidth="2.2" />
      </g>
      <g fill="#fbefd0">
        <circle cx="160" cy="34" r="3" />
        <circle cx="292" cy="150" r="2.5" />
        <circle cx="30" cy="260" r="2.5" />
        <circle cx="270" cy="330" r="2" />
      </g>
    </svg>
  );
}
