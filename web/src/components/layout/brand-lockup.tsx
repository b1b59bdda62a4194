import { Link } from 'react-router';
import { BRAND_NAME, BRAND_NAME_DEVANAGARI, TAGLINE } from '@/config/brand';
import { BrandMark } from './brand-mark';
import './brand-lockup.css';

export function BrandLockup({ withTagline = true }: { withTagline?: boolean }) {
  return (
    <Link to="/" className="brand-lockup" aria-label={`${BRAND_NAME} home`}>
      <BrandMark />
      <span className="brand-lockup__text">
        <span className="brand-lockup__name">
          {BRAND_NAME}{' '}
          <span className="brand-lockup__native devanagari" lang="hi">
            {BRAND_NAME_DEVANAGARI}
          </span>
        </span>
        {withTagline ? <span className="brand-lockup__tagline">{TAGLINE}</span> : null}
      </span>
    </Link>
  );
}
