import { useHydrated } from '@/hooks/use-hydrated';
import { Link } from 'react-router';
import {
  BRAND_NAME,
  SUPPORT_EMAIL,
  SUPPORT_HOURS,
  SUPPORT_HOURS_NOTE,
  SUPPORT_MAILTO,
  SUPPORT_RESPONSE,
  TAGLINE,
} from '@/config/brand';
import { BrandMark } from './brand-mark';
import './site-footer.css';

const EXPLORE_LINKS = [
  { to: '/scan', label: 'Get Your Reading' },
  { to: '/contact', label: 'Contact Us' },
] as const;

const POLICY_LINKS = [
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/terms-conditions', label: 'Terms & Conditions' },
  { to: '/refund-policy', label: 'Refund Policy' },
  { to: '/shipping-delivery', label: 'Shipping & Delivery' },
] as const;

/**
 * This year. While a page the build prerendered is hydrated it is the build's year, which that
 * markup carries, and moves on to this year right after, so an old build never fails to hydrate.
 */
function useCurrentYear(): number {
  return useHydrated() ? new Date().getFullYear() : __BUILD_YEAR__;
}

export function SiteFooter() {
  const year = useCurrentYear();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <div className="site-footer__mark">
            <BrandMark size={36} />
            <span className="site-footer__name">{BRAND_NAME}</span>
          </div>
          <p className="site-footer__tagline">{TAGLINE}</p>
          <p className="site-footer__note">
            Readings are for entertainment and self-reflection, in English, for visitors aged 18 and over.
          </p>
        </div>
        <nav aria-label="Explore" className="site-footer__col">
          <h2 className="site-footer__heading">Explore</h2>
          <ul>
            {EXPLORE_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Policies" className="site-footer__col">
          <h2 className="site-footer__heading">Policies</h2>
          <ul>
            {POLICY_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-footer__col">
          <h2 className="site-footer__heading">Support</h2>
          <p>
            <a href={SUPPORT_MAILTO}>{SUPPORT_EMAIL}</a>
          </p>
          <ul className="site-footer__hours">
            {SUPPORT_HOURS.map((slot) => (
              <li key={slot.days}>
                {slot.days}: {slot.hours}
              </li>
            ))}
            <li>({SUPPORT_HOURS_NOTE})</li>
          </ul>
          <p>{SUPPORT_RESPONSE}</p>
        </div>
      </div>
      <div className="container site-footer__legal">
        <p>
          © {year} {BRAND_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
