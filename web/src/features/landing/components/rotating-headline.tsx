import { useEffect, useState } from 'react';
import { TEASER_FADE_MS, TEASER_INTERVAL_MS, TEASER_PHRASES } from '../content';

/** Cycles the teasers every 1.5 s; the text fades out for 150 ms, changes, and fades back in. */
export function RotatingHeadline() {
  const [index, setIndex] = useState(0);
  const [visible, setVisible] = useState(true);

  useEffect(() => {
    let fadeTimer: ReturnType<typeof setTimeout> | undefined;
    const cycle = setInterval(() => {
      setVisible(false);
      fadeTimer = setTimeout(() => {
        setIndex((current) => (current + 1) % TEASER_PHRASES.length);
        setVisible(true);
      }, TEASER_FADE_MS);
    }, TEASER_INTERVAL_MS);
    return () => {
      clearInterval(cycle);
      clearTimeout(fadeTimer);
    };
  }, []);

  return (
    <p className="rotating-headline">
      <span className="rotating-headline__lead">Discover </span>
      <span
        className={`rotating-headline__phrase${visible ? '' : ' rotating-headline__phrase--faded'}`}
        aria-hidden="true"
      >
        {TEASER_PHRASES[index]}
      </span>
      <span className="visually-hidden">{TEASER_PHRASES.join(', ')}</span>
    </p>
  );
}
